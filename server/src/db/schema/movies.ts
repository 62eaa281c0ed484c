import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

import { films } from './films';
import { users } from './users';

/**
 * A member's entry for a film of the catalogue: their status, rating and date (docs/catalogue.md
 * "Entries"). title to poster_url are the film's, copied by the database (migration 0013's
 * triggers) so that lists and search read one table; they are never written here.
 */
export const movies = pgTable(
  'movies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The film this entry is of; a member holds one entry per film. */
    filmId: uuid('film_id')
      .notNull()
      .references(() => films.id),
    title: text('title').notNull().default(''),
    year: integer('year'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    director: text('director'),
    overview: text('overview'),
    posterUrl: text('poster_url'),
    /** The member's own rating, 1-10. */
    rating: smallint('rating'),
    status: text('status', { enum: ['watched', 'watchlist'] })
      .notNull()
      .default('watchlist'),
    watchedAt: timestamp('watched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Folded title, director and genres (kd_fold, migration 0001): what search matches against. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`kd_fold(title || ' ' || coalesce(director, '') || ' ' || kd_join(genres))`),
    /** The words of search_text for full-text matching (the 'simple' configuration: no stemming). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, kd_fold(title || ' ' || coalesce(director, '') || ' ' || kd_join(genres)))`,
      ),
  },
  (t) => [
    // No pending list (migration 0005): a write never pays for merging everyone else's.
    index('movies_search_fts_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // A member's movies, newest first, in the list's own order (id breaks ties, also descending):
    // read straight from this index, a page costs its own rows whatever the collection's size
    // (migration 0007).
    index('movies_owner_newest_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('movies_created_at_idx').on(t.createdAt),
    // One entry per member and film; a film's entries (its page, its stats) by movies_film_idx.
    uniqueIndex('movies_owner_film_key').on(t.ownerId, t.filmId),
    index('movies_film_idx').on(t.filmId),
    check('movies_status_check', sql`${t.status} in ('watched', 'watchlist')`),
    check('movies_rating_check', sql`${t.rating} between 1 and 10`),
  ],
);
export type MovieRow = typeof movies.$inferSelect;
