import type { MovieList, MovieStatus } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from './page-params';

export interface MyMoviesQuery {
  page: number;
  limit: number;
  status?: MovieStatus;
}

/** GET /api/movies: the caller's own movies, newest first. */
export const listMyMovies = (query: MyMoviesQuery, signal?: AbortSignal): Promise<MovieList> =>
  apiRequest<MovieList>(`/movies${pageParams({ page: query.page, limit: query.limit, status: query.status })}`, {
    signal,
  });
