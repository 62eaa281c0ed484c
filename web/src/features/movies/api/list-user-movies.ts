import type { MovieList } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from './page-params';

/** GET /api/movies/user/{userId}: a member's movies, public (sent without a token). */
export const listUserMovies = (
  userId: string,
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<MovieList> =>
  apiRequest<MovieList>(`/movies/user/${encodeURIComponent(userId)}${pageParams(query)}`, { auth: false, signal });
