import { type Static, Type } from 'typebox';
import {
  DIRECTOR_MAX,
  GENRE_MAX,
  GENRES_MAX,
  OVERVIEW_MAX,
  PAGE_MAX,
  PAGE_SIZE_MAX,
  POSTER_URL_MAX,
  RATING_MAX,
  RATING_MIN,
  TITLE_MAX,
  YEAR_MAX,
  YEAR_MIN,
} from '../limits';
import { Nullable, Paged, StringEnum } from './common';
import { nameSchemas } from './named';
import { PersonRef } from './people';

export const MovieStatus = StringEnum(['watched', 'watchlist']);
export type MovieStatus = Static<typeof MovieStatus>;

/**
 * A member's entry for a film of the catalogue (docs/catalogue.md "Entries"): title to poster_url
 * are the film's; rating, status and watched_at are the member's own.
 */
export const Movie = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** The catalogue's film this entry belongs to (docs/catalogue.md). */
  film_id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  year: Nullable(Type.Integer()),
  genres: Type.Array(Type.String()),
  director: Nullable(Type.String()),
  overview: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  /** The owner's own rating, 1-10. */
  rating: Nullable(Type.Integer()),
  status: MovieStatus,
  watched_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  owner: PersonRef,
});
export type Movie = Static<typeof Movie>;

const movieFields = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  year: Nullable(Type.Integer({ minimum: YEAR_MIN, maximum: YEAR_MAX })),
  genres: Type.Array(Type.String({ minLength: 1, maxLength: GENRE_MAX }), { maxItems: GENRES_MAX }),
  director: Nullable(Type.String({ maxLength: DIRECTOR_MAX })),
  overview: Nullable(Type.String({ maxLength: OVERVIEW_MAX })),
  // https only: the app's CSP (img-src https:) would block an http poster and show initials instead.
  poster_url: Nullable(Type.String({ format: 'uri', pattern: '^https://', maxLength: POSTER_URL_MAX })),
  rating: Nullable(Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX })),
  status: MovieStatus,
  watched_at: Nullable(Type.String({ format: 'date-time' })),
};

/** POST /api/movies for a film of the catalogue: the member's own part of the entry. */
export const CreateEntryBody = Type.Object(
  {
    film_id: Type.String({ format: 'uuid' }),
    status: movieFields.status,
    rating: Type.Optional(movieFields.rating),
    watched_at: Type.Optional(movieFields.watched_at),
  },
  { additionalProperties: false },
);
export type CreateEntryBody = Static<typeof CreateEntryBody>;

/**
 * POST /api/movies by title, the rest optional: the entry is linked to the film of the same
 * folded title and a year within one, or to a member film made from the body.
 */
export const CreateMovieByTitleBody = Type.Object(
  {
    title: movieFields.title,
    year: Type.Optional(movieFields.year),
    genres: Type.Optional(movieFields.genres),
    director: Type.Optional(movieFields.director),
    overview: Type.Optional(movieFields.overview),
    poster_url: Type.Optional(movieFields.poster_url),
    rating: Type.Optional(movieFields.rating),
    status: Type.Optional(movieFields.status),
    watched_at: Type.Optional(movieFields.watched_at),
  },
  { additionalProperties: false },
);
export type CreateMovieByTitleBody = Static<typeof CreateMovieByTitleBody>;

/**
 * POST /api/movies: a catalogue film (a body with film_id), or a title. Told apart by film_id
 * (if/then/else rather than anyOf), so a bad body's errors are those of the form it meant.
 */
export const CreateMovieBody = Type.Unsafe<CreateEntryBody | CreateMovieByTitleBody>({
  type: 'object',
  if: { type: 'object', required: ['film_id'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise.
  then: CreateEntryBody,
  else: CreateMovieByTitleBody,
});
export type CreateMovieBody = Static<typeof CreateMovieBody>;

/**
 * PUT /api/movies/{id}: any of the fields. rating, status and watched_at change the entry; the
 * film's facts (title to poster_url) change the film only when the caller made that member film
 * (docs/catalogue.md "Entries").
 */
export const UpdateMovieBody = Type.Partial(Type.Object(movieFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateMovieBody = Static<typeof UpdateMovieBody>;

/** GET /api/movies: the caller's own movies, newest first. */
export const MovieListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
  status: Type.Optional(MovieStatus),
});
export type MovieListQuery = Static<typeof MovieListQuery>;

export const MovieList = Paged(Movie);
export type MovieList = Static<typeof MovieList>;

/** GET /api/movies/user/{id}: a member's collection, or `hidden: true` (and no rows) when the caller may not see it. */
export const UserMovieList = Type.Object({
  ...MovieList.properties,
  hidden: Type.Optional(Type.Literal(true)),
});
export type UserMovieList = Static<typeof UserMovieList>;

/** A search hit: the movie and its relevance (0-1). */
export const MovieSearchHit = Type.Intersect([Movie, Type.Object({ score: Type.Number() })]);
export type MovieSearchHit = Static<typeof MovieSearchHit>;
export const MovieSearchResult = Paged(MovieSearchHit);
export type MovieSearchResult = Static<typeof MovieSearchResult>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ Movie, CreateMovieBody, UpdateMovieBody, MovieList, MovieSearchHit, MovieSearchResult });
