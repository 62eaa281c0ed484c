import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** News from the product, written by admins in Markdown. */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isImportant: boolean('is_important').notNull().default(false),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletters_created_at_idx').on(t.createdAt), index('newsletters_author_idx').on(t.authorId)],
);

/** Which member has read which newsletter (is_viewed). */
export const newsletterReads = pgTable(
  'newsletter_reads',
  {
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.newsletterId, t.userId] }),
    // A member's read marks, whole in the index: the unread count and the latest unread ones
    // read them without visiting the table (migration 0008).
    index('newsletter_reads_user_newsletter_idx').on(t.userId, t.newsletterId),
  ],
);
