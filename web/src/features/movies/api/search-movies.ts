import type { MovieSearchResult } from '@kinodost/contracts/schemas/movies';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from './page-params';

/**
 * GET /api/movies/search/{query}: every member's movies by title, director and genre, ranked.
 * The query is one path segment, so it is URL-encoded (docs/product.md#films-and-movies).
 */
export const searchMovies = (
  query: string,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<MovieSearchResult> =>
  apiRequest<MovieSearchResult>(`/movies/search/${encodeURIComponent(query)}${pageParams(paging)}`, { signal });
