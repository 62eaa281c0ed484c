import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { films } from './films';
import { movies } from './movies';
import { users } from './users';

/**
 * A member's comment on a film; public only once an admin approves it. It belongs to the film
 * (every entry's page shows it); movie_id names the entry it was written on, if any, and is
 * cleared when that entry is deleted (docs/catalogue.md "Comments").
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    filmId: uuid('film_id')
      .notNull()
      .references(() => films.id),
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'set null' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_film_status_idx').on(t.filmId, t.status, t.createdAt),
    index('comments_movie_idx').on(t.movieId),
    index('comments_status_created_idx').on(t.status, t.createdAt),
    index('comments_author_idx').on(t.authorId),
    index('comments_moderated_by_idx').on(t.moderatedBy),
    check('comments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
