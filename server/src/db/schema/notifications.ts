import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { comments } from './comments';
import { films } from './films';
import { friendships } from './friendships';
import { users } from './users';

export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_accepted',
  'comment_approved',
  'comment_rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Something that happened to a member (docs/feed.md "Notifications"). A friend request's
 * notification goes with the request (cancelled or rejected: the row is deleted); a comment's
 * keeps its film and excerpt after the comment is gone.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    filmId: uuid('film_id').references(() => films.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    friendshipId: uuid('friendship_id').references(() => friendships.id, { onDelete: 'cascade' }),
    text: text('text'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread count reads only the unread.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_actor_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
    index('notifications_film_idx').on(t.filmId).where(sql`${t.filmId} is not null`),
    index('notifications_comment_idx').on(t.commentId).where(sql`${t.commentId} is not null`),
    index('notifications_friendship_idx').on(t.friendshipId).where(sql`${t.friendshipId} is not null`),
    check(
      'notifications_type_check',
      sql`${t.type} in ('friend_request', 'friend_accepted', 'comment_approved', 'comment_rejected')`,
    ),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
