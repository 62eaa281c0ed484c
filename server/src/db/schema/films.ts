import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Where a film's facts came from (docs/catalogue.md). */
export const FILM_SOURCES = ['catalogue', 'imdb', 'tmdb', 'member'] as const;
export type FilmSource = (typeof FILM_SOURCES)[number];

/** The shared catalogue: one row per film, whoever watched it (docs/catalogue.md). */
export const films = pgTable(
  'films',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** The title in the film's own language, when a source gives one that differs. */
    originalTitle: text('original_title'),
    year: integer('year'),
    directors: text('directors').array().notNull().default(sql`'{}'::text[]`),
    /** Azerbaijani names from the one list in contracts/src/genres.ts. */
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    /** Minutes. */
    runtime: integer('runtime'),
    overview: text('overview'),
    posterUrl: text('poster_url'),
    /** IMDb's title id (tt0000000). */
    imdbId: text('imdb_id'),
    tmdbId: integer('tmdb_id'),
    source: text('source', { enum: FILM_SOURCES }).notNull(),
    /** The member who made a member film (may upload its poster); null for imported films. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The folded title (kd_fold, migration 0001): entries and imports match films by it and the year. */
    titleKey: text('title_key').notNull().generatedAlwaysAs(sql`kd_fold(title)`),
    /** Folded title, original title and directors: what film search matches against. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`kd_fold(title || ' ' || coalesce(original_title, '') || ' ' || kd_join(directors))`),
    /** The words of search_text for full-text matching (the 'simple' configuration: no stemming). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, kd_fold(title || ' ' || coalesce(original_title, '') || ' ' || kd_join(directors)))`,
      ),
  },
  (t) => [
    // No pending list, as for every GIN index (migration 0005).
    index('films_search_fts_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('films_title_key_year_idx').on(t.titleKey, t.year),
    uniqueIndex('films_imdb_id_key').on(t.imdbId),
    uniqueIndex('films_tmdb_id_key').on(t.tmdbId),
    index('films_created_by_idx').on(t.createdBy),
    // The admins' list, newest first (docs/catalogue.md "Admin: edit and merge").
    index('films_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('films_source_check', sql`${t.source} in ('catalogue', 'imdb', 'tmdb', 'member')`),
    check('films_runtime_check', sql`${t.runtime} between 1 and 6000`),
  ],
);
export type FilmRow = typeof films.$inferSelect;
