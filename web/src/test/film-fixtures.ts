import type { Film, FilmFriendEntry, FilmPage, FilmSearchHit } from '@kinodost/contracts/schemas/films';
import type { Movie } from '@kinodost/contracts/schemas/movies';
import { makeMovie } from './movie-fixtures';

/** Test data shaped like contracts/schemas/films.ts (the catalogue, docs/catalogue.md). */
let sequence = 0;
export const makeFilm = (overrides: Partial<Film> = {}): Film => {
  sequence += 1;
  return {
    id: `22222222-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Kataloq filmi ${sequence}`,
    original_title: null,
    year: 1997,
    directors: ['James Cameron'],
    genres: ['Dram', 'Melodram'],
    runtime: 194,
    overview: null,
    poster_url: null,
    imdb_id: null,
    tmdb_id: null,
    source: 'catalogue',
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
};

export const searchHit = (film: Film, score = 1): FilmSearchHit => ({ ...film, score });

/** A member's entry of `film`: the film's facts, the member's own status and rating. */
export const entryOf = (film: Film, overrides: Partial<Movie> = {}): Movie & { film_id: string } => ({
  ...makeMovie({
    title: film.title,
    year: film.year,
    genres: film.genres,
    director: film.directors[0] ?? null,
    poster_url: film.poster_url,
    ...overrides,
  }),
  film_id: film.id,
});

export const makeFilmPage = (
  film: Film,
  extra: Partial<Pick<FilmPage, 'stats' | 'mine' | 'friends' | 'can_upload_poster'>> = {},
): FilmPage => ({
  ...film,
  stats: { watched: 0, watchlist: 0, rating_avg: null, rating_count: 0 },
  ...extra,
});

export const friendEntry = (
  user: FilmFriendEntry['user'],
  overrides: Partial<Omit<FilmFriendEntry, 'user'>> = {},
): FilmFriendEntry => ({ user, status: 'watched', rating: null, watched_at: null, ...overrides });
