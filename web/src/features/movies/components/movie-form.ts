import { isCalendarDay } from '@kinodost/contracts/dates';
import {
  DIRECTOR_MAX,
  GENRE_MAX,
  GENRES_MAX,
  OVERVIEW_MAX,
  POSTER_URL_MAX,
  TITLE_MAX,
  YEAR_MAX,
  YEAR_MIN,
} from '@kinodost/contracts/limits';
import type { CreateMovieBody, Movie, MovieStatus, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import { az } from '../../../i18n/az';

const v = az.movies.form.validation;

/** The dialog's fields as the inputs hold them. */
export interface MovieFormValues {
  title: string;
  year: string;
  genres: string[];
  director: string;
  overview: string;
  poster_url: string;
  rating: number | null;
  status: MovieStatus;
  /** YYYY-MM-DD, the reader's own calendar day. */
  watched_at: string;
}

export type MovieFormErrors = Partial<Record<keyof MovieFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the local calendar day for an <input type="date">. */
export const toDateInput = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** A local calendar day as an ISO instant (noon, so no time zone moves it to another day). */
export const fromDateInput = (day: string): string | null => {
  // A day the calendar has (no 30 February), in the years the server takes.
  return isCalendarDay(day) ? new Date(`${day}T12:00:00`).toISOString() : null;
};

export const emptyValues = (): MovieFormValues => ({
  title: '',
  year: '',
  genres: [],
  director: '',
  overview: '',
  poster_url: '',
  rating: null,
  status: 'watchlist',
  watched_at: '',
});

export const valuesOf = (movie: Movie): MovieFormValues => ({
  title: movie.title,
  year: movie.year === null ? '' : String(movie.year),
  genres: [...movie.genres],
  director: movie.director ?? '',
  overview: movie.overview ?? '',
  poster_url: movie.poster_url ?? '',
  rating: movie.rating,
  status: movie.status,
  watched_at: toDateInput(movie.watched_at),
});

/** An https address: the app's CSP (img-src https:) blocks http images, which would show as initials. */
const isHttpsUrl = (text: string): boolean => {
  if (!/^https:\/\//i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
};

/** The server's rules (contracts/schemas/movies.ts), checked before sending. */
export const validateMovie = (values: MovieFormValues): MovieFormErrors => {
  const errors: MovieFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = v.titleRequired;
  else if (title.length > TITLE_MAX) errors.title = v.titleTooLong;
  const year = values.year.trim();
  if (year && !(/^\d{4}$/.test(year) && Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX)) errors.year = v.year;
  if (values.genres.length > GENRES_MAX) errors.genres = v.tooManyGenres;
  else if (values.genres.some((g) => g.length > GENRE_MAX)) errors.genres = v.genreTooLong;
  if (values.director.trim().length > DIRECTOR_MAX) errors.director = v.directorTooLong;
  if (values.overview.trim().length > OVERVIEW_MAX) errors.overview = v.overviewTooLong;
  const poster = values.poster_url.trim();
  if (poster && (poster.length > POSTER_URL_MAX || !isHttpsUrl(poster))) errors.poster_url = v.posterUrl;
  if (values.status === 'watched' && values.watched_at && !fromDateInput(values.watched_at)) {
    errors.watched_at = v.watchedAt;
  }
  return errors;
};

/** The full body (edit: cleared fields become null). */
export const toUpdateBody = (values: MovieFormValues): Required<UpdateMovieBody> => {
  const orNull = (text: string) => text.trim() || null;
  return {
    title: values.title.trim(),
    year: values.year.trim() ? Number(values.year) : null,
    genres: values.genres,
    director: orNull(values.director),
    overview: orNull(values.overview),
    poster_url: orNull(values.poster_url),
    rating: values.rating,
    status: values.status,
    watched_at: values.status === 'watched' ? fromDateInput(values.watched_at) : null,
  };
};

/** A new movie: only what was filled in. */
export const toCreateBody = (values: MovieFormValues): CreateMovieBody => {
  const full = toUpdateBody(values);
  const body: CreateMovieBody = { title: full.title, status: full.status };
  if (full.year !== null) body.year = full.year;
  if (full.genres.length > 0) body.genres = full.genres;
  if (full.director !== null) body.director = full.director;
  if (full.overview !== null) body.overview = full.overview;
  if (full.poster_url !== null) body.poster_url = full.poster_url;
  if (full.rating !== null) body.rating = full.rating;
  if (full.watched_at !== null) body.watched_at = full.watched_at;
  return body;
};
