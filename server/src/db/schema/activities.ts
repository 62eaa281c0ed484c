import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { comments } from './comments';
import { friendships } from './friendships';
import { movies } from './movies';
import { users } from './users';

export const ACTIVITY_TYPES = ['watched', 'watchlist', 'rated', 'commented', 'friends'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * What a member did, for their friends' feeds (docs/feed.md). Each row names its cause (an entry,
 * a comment or a friendship) and goes with it: the foreign keys cascade, so deleting the cause
 * removes the item in the same statement. The film is read through the cause, so a merge of two
 * films (which moves entries and comments) moves the items too.
 *
 * created_at is kept to the millisecond, so that a feed cursor (a JavaScript date and an id)
 * names a row exactly.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    friendshipId: uuid('friendship_id').references(() => friendships.id, { onDelete: 'cascade' }),
    /** The new friend of a `friends` item. */
    otherId: uuid('other_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The rating given, as it was then (watched, rated). */
    rating: smallint('rating'),
    /** An excerpt of the comment (commented). */
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The feed: each actor's newest first, read backwards from a cursor (feed.repository.ts).
    index('activities_actor_newest_idx').on(t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('activities_movie_idx').on(t.movieId).where(sql`${t.movieId} is not null`),
    // One item per approved comment, however often it is approved.
    uniqueIndex('activities_comment_key').on(t.commentId).where(sql`${t.commentId} is not null`),
    index('activities_friendship_idx').on(t.friendshipId).where(sql`${t.friendshipId} is not null`),
    index('activities_other_idx').on(t.otherId).where(sql`${t.otherId} is not null`),
    check('activities_type_check', sql`${t.type} in ('watched', 'watchlist', 'rated', 'commented', 'friends')`),
  ],
);
export type ActivityRow = typeof activities.$inferSelect;
