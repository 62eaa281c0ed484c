import type { FilmSearchResult } from '@kinodost/contracts/schemas/films';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from '../../movies/api/page-params';

/**
 * GET /api/films/search: the shared catalogue by title, original title and director, ranked; public,
 * and signed in each hit says whether it is in the caller's collection (`in_collection`).
 */
export const searchFilms = (
  query: string,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<FilmSearchResult> =>
  apiRequest<FilmSearchResult>(`/films/search${pageParams({ q: query, ...paging })}`, { signal });
