import type { Movie } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/movies/{id}: public; 404 'Film tapılmadı'. */
export const getMovie = (id: string, signal?: AbortSignal): Promise<Movie> =>
  apiRequest<Movie>(`/movies/${encodeURIComponent(id)}`, { signal });
