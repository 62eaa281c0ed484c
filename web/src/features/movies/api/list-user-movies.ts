import type { UserMovieList } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from './page-params';

/**
 * GET /api/movies/user/{userId}: a member's movies; with the token when signed in, since their
 * visibility decides who may see them (`hidden: true` otherwise, docs/social.md "Privacy").
 */
export const listUserMovies = (
  userId: string,
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<UserMovieList> =>
  apiRequest<UserMovieList>(`/movies/user/${encodeURIComponent(userId)}${pageParams(query)}`, { signal });
