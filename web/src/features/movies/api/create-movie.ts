import type { CreateMovieBody, Movie } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/movies: 201 with the new movie; 400 with per-field texts. */
export const createMovie = (body: CreateMovieBody): Promise<Movie> =>
  apiRequest<Movie>('/movies', { method: 'POST', body });
