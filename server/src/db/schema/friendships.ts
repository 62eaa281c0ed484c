import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A friend request (pending) or a friendship (accepted) between two members.
 * One row per unordered pair: two requests crossing at once cannot make two rows.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friendships_pair_key').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    // A member's side of each list, newest first, with every column the lists read: friends,
    // requests both ways and their counts are index-only scans (friends.repository.ts), not one
    // random table page per row. No INCLUDE in Drizzle's index builder: the extra columns are keys.
    index('friendships_addressee_list_idx').on(t.addresseeId, t.status, t.createdAt, t.id, t.requesterId, t.acceptedAt),
    index('friendships_requester_list_idx').on(t.requesterId, t.status, t.createdAt, t.id, t.addresseeId, t.acceptedAt),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('friendships_status_check', sql`${t.status} in ('pending', 'accepted')`),
  ],
);
export type FriendshipRow = typeof friendships.$inferSelect;
