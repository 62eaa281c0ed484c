import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { films } from './films';
import { users } from './users';

/**
 * A message between two friends (docs/messages.md): text, a film, or both. `read_at` is set
 * when the recipient marks the conversation read.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** A recommended film; a deleted film leaves the message without its card (docs/messages.md). */
    filmId: uuid('film_id').references(() => films.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A thread, newest first, in the pair's own terms (as friendships_pair_key): keyset pages
    // of (created_at, id) are one index range each.
    index('messages_pair_idx').on(
      sql`least(${t.senderId}, ${t.recipientId})`,
      sql`greatest(${t.senderId}, ${t.recipientId})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // What a member has not read yet, by sender: unread counts and "mark read" touch only these.
    index('messages_unread_idx').on(t.recipientId, t.senderId, t.createdAt).where(sql`${t.readAt} is null`),
    index('messages_sender_idx').on(t.senderId),
    index('messages_film_idx').on(t.filmId),
    check('messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
    check('messages_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * One row per member per conversation: its newest message, for the conversation list (newest
 * first, one index range), and the member's read mark: the newest message of the other's they
 * have read (docs/messages.md "Storage").
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** When the member last marked the conversation read, and up to which of the other's messages. */
    readAt: timestamp('read_at', { withTimezone: true }),
    readUpTo: uuid('read_up_to'),
  },
  (t) => [
    primaryKey({ name: 'conversations_pkey', columns: [t.userId, t.otherId] }),
    index('conversations_list_idx').on(t.userId, t.lastAt.desc(), t.otherId),
    index('conversations_other_idx').on(t.otherId),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;
