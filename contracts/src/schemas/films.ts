import { type Static, Type } from 'typebox';
import {
  DIRECTOR_MAX,
  DIRECTORS_MAX,
  GENRE_MAX,
  GENRES_MAX,
  OVERVIEW_MAX,
  PAGE_MAX,
  PAGE_SIZE_MAX,
  POSTER_URL_MAX,
  RUNTIME_MAX,
  SEARCH_QUERY_MAX,
  TITLE_MAX,
  YEAR_MAX,
  YEAR_MIN,
} from '../limits';
import { Nullable, Paged, StringEnum } from './common';
import { Movie, MovieStatus } from './movies';
import { nameSchemas } from './named';
import { PersonRef } from './people';

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

/** GET /api/films/search: the query (1 to SEARCH_QUERY_MAX characters once trimmed) and the page. */
export const FilmSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX }),
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type FilmSearchQuery = Static<typeof FilmSearchQuery>;

/** A search hit: the film and its relevance (0-1). */
export const FilmSearchHit = Type.Intersect([
  Film,
  Type.Object({
    score: Type.Number(),
    /** Asked signed in: whether the film is in the caller's collection already. Absent for a visitor. */
    in_collection: Type.Optional(Type.Boolean()),
  }),
]);
export type FilmSearchHit = Static<typeof FilmSearchHit>;
export const FilmSearchResult = Paged(FilmSearchHit);
export type FilmSearchResult = Static<typeof FilmSearchResult>;

/** How the members took a film: entries by status, and their ratings. */
export const FilmStats = Type.Object({
  watched: Type.Integer(),
  watchlist: Type.Integer(),
  /** The mean of the members' ratings to 1 decimal, null when nobody rated it. */
  rating_avg: Nullable(Type.Number()),
  rating_count: Type.Integer(),
});
export type FilmStats = Static<typeof FilmStats>;

/** A friend's entry for the film, as its page shows it. */
export const FilmFriendEntry = Type.Object({
  user: PersonRef,
  status: MovieStatus,
  rating: Nullable(Type.Integer()),
  watched_at: Nullable(Type.String({ format: 'date-time' })),
});
export type FilmFriendEntry = Static<typeof FilmFriendEntry>;

/** GET /api/films/{id}: the film and its stats; signed in, also the caller's entry and their friends'. */
export const FilmPage = Type.Intersect([
  Film,
  Type.Object({
    stats: FilmStats,
    mine: Type.Optional(Nullable(Movie)),
    friends: Type.Optional(Type.Array(FilmFriendEntry)),
    /** Signed in: whether the caller may upload the film's poster (a member film's maker, or an admin). */
    can_upload_poster: Type.Optional(Type.Boolean()),
  }),
]);
export type FilmPage = Static<typeof FilmPage>;

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

export const TmdbSearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX }) });
export type TmdbSearchQuery = Static<typeof TmdbSearchQuery>;

export const TmdbSearchResult = Type.Object({ success: Type.Literal(true), data: Type.Array(TmdbCandidate) });
export type TmdbSearchResult = Static<typeof TmdbSearchResult>;

/** POST /api/films/tmdb/{tmdbId}: the TMDB film to bring into the catalogue. */
export const TmdbParams = Type.Object({ tmdbId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type TmdbParams = Static<typeof TmdbParams>;

/** GET /api/admin/films: newest first, or the films a query finds (as film search does). */
export const AdminFilmListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX })),
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
});
export type AdminFilmListQuery = Static<typeof AdminFilmListQuery>;
export const AdminFilmList = Paged(Film);
export type AdminFilmList = Static<typeof AdminFilmList>;

/**
 * PUT /api/admin/films/{id}: the facts to change; the others stay. Genres are names of
 * contracts/src/genres.ts or the English names it maps; an unknown one is refused.
 * `poster_url` is an https:// address, or null to remove the poster.
 */
export const AdminUpdateFilmBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: TITLE_MAX })),
    original_title: Type.Optional(Nullable(Type.String({ maxLength: TITLE_MAX }))),
    year: Type.Optional(Nullable(Type.Integer({ minimum: YEAR_MIN, maximum: YEAR_MAX }))),
    directors: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: DIRECTOR_MAX }), { maxItems: DIRECTORS_MAX }),
    ),
    genres: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: GENRE_MAX }), { maxItems: GENRES_MAX })),
    runtime: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: RUNTIME_MAX }))),
    overview: Type.Optional(Nullable(Type.String({ maxLength: OVERVIEW_MAX }))),
    poster_url: Type.Optional(Nullable(Type.String({ maxLength: POSTER_URL_MAX }))),
  },
  { additionalProperties: false },
);
export type AdminUpdateFilmBody = Static<typeof AdminUpdateFilmBody>;

/** POST /api/admin/films/{id}/merge: the film that stays; {id} is merged into it and deleted. */
export const MergeFilmBody = Type.Object({ into: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export type MergeFilmBody = Static<typeof MergeFilmBody>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({
  Film,
  FilmSearchHit,
  FilmSearchResult,
  FilmStats,
  FilmFriendEntry,
  FilmPage,
  TmdbCandidate,
  TmdbSearchResult,
  AdminFilmList,
  AdminUpdateFilmBody,
  MergeFilmBody,
});
