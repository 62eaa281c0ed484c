import { type Static, Type } from 'typebox';
import { Nullable, Paged, StringEnum } from './common';
import { Movie, MovieStatus } from './movies';
import { PersonRef } from './people';

/** Longest film search query, in characters. */
export const FILM_QUERY_MAX = 100;

export const FilmSource = StringEnum(['catalogue', 'imdb', 'tmdb', 'member']);
export type FilmSource = Static<typeof FilmSource>;

/** A film of the shared catalogue (docs/catalogue.md). */
export const Film = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  original_title: Nullable(Type.String()),
  year: Nullable(Type.Integer()),
  directors: Type.Array(Type.String()),
  /** Azerbaijani names from contracts/src/genres.ts. */
  genres: Type.Array(Type.String()),
  /** Minutes. */
  runtime: Nullable(Type.Integer()),
  overview: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  imdb_id: Nullable(Type.String()),
  tmdb_id: Nullable(Type.Integer()),
  source: FilmSource,
  created_at: Type.String({ format: 'date-time' }),
});
export type Film = Static<typeof Film>;

/** How members hold a film: entries by status, and the average of their ratings. */
export const FilmStats = Type.Object({
  watched: Type.Integer({ minimum: 0 }),
  watchlist: Type.Integer({ minimum: 0 }),
  rating_avg: Nullable(Type.Number()),
  rating_count: Type.Integer({ minimum: 0 }),
});
export type FilmStats = Static<typeof FilmStats>;

/** A friend of the caller who has the film, with their status and rating. */
export const FilmFriendEntry = Type.Object({
  user: PersonRef,
  status: MovieStatus,
  rating: Nullable(Type.Integer()),
  watched_at: Nullable(Type.String({ format: 'date-time' })),
});
export type FilmFriendEntry = Static<typeof FilmFriendEntry>;

/**
 * GET /api/films/{id}: the film and its stats; signed in, also the caller's own entry of it
 * (`mine`, or null) and the friends who have it.
 */
export const FilmDetail = Type.Intersect([
  Film,
  Type.Object({
    stats: FilmStats,
    // A union, not Nullable(): an intersection has no single JSON type to list beside null.
    mine: Type.Optional(
      Type.Union([Type.Intersect([Movie, Type.Object({ film_id: Type.String({ format: 'uuid' }) })]), Type.Null()]),
    ),
    friends: Type.Optional(Type.Array(FilmFriendEntry)),
  }),
]);
export type FilmDetail = Static<typeof FilmDetail>;

/** GET /api/films/search: the query (1-100 characters once trimmed) and the page. */
export const FilmSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: FILM_QUERY_MAX }),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type FilmSearchQuery = Static<typeof FilmSearchQuery>;

/** A search hit: the film and its relevance (0-1). */
export const FilmSearchHit = Type.Intersect([Film, Type.Object({ score: Type.Number() })]);
export type FilmSearchHit = Static<typeof FilmSearchHit>;
export const FilmSearchResult = Paged(FilmSearchHit);
export type FilmSearchResult = Static<typeof FilmSearchResult>;

/** GET /api/films/tmdb/search: a film found on TMDB, and the catalogue's film of it if there is one. */
export const TmdbCandidate = Type.Object({
  tmdb_id: Type.Integer(),
  title: Type.String(),
  original_title: Nullable(Type.String()),
  year: Nullable(Type.Integer()),
  overview: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  film_id: Nullable(Type.String({ format: 'uuid' })),
});
export type TmdbCandidate = Static<typeof TmdbCandidate>;

export const TmdbSearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: FILM_QUERY_MAX }) });
export type TmdbSearchQuery = Static<typeof TmdbSearchQuery>;

export const TmdbSearchResult = Type.Object({ success: Type.Literal(true), data: Type.Array(TmdbCandidate) });
export type TmdbSearchResult = Static<typeof TmdbSearchResult>;

/** POST /api/films/tmdb/{tmdbId}: the TMDB film to bring into the catalogue. */
export const TmdbParams = Type.Object({ tmdbId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type TmdbParams = Static<typeof TmdbParams>;
