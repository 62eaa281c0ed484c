import type { Movie, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/movies/{id}: the owner (or an admin) changes any of the fields. */
export const updateMovie = (id: string, body: UpdateMovieBody): Promise<Movie> =>
  apiRequest<Movie>(`/movies/${encodeURIComponent(id)}`, { method: 'PUT', body });
