import type { CreateMovieBody, Movie, MovieStatus } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';

/** A new entry for a film of the catalogue: the film's facts are the entry's (docs/catalogue.md). */
export interface CreateFilmEntryBody {
  film_id: string;
  status: MovieStatus;
  rating?: number;
  watched_at?: string;
}

/**
 * POST /api/movies: 201 with the new movie; 400 with per-field texts. With `film_id`, 404 for an
 * unknown film and 409 when the member already has that film.
 */
export const createMovie = (body: CreateMovieBody | CreateFilmEntryBody): Promise<Movie> =>
  apiRequest<Movie>('/movies', { method: 'POST', body });
