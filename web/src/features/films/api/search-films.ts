import type { FilmSearchResult } from '@kinodost/contracts/schemas/films';
import { apiRequest } from '../../../lib/api-client';
import { pageParams } from '../../movies/api/page-params';

/** The server's bound on a film search query (FILM_QUERY_MAX; longer ones answer 400). */
export const FILM_QUERY_MAX = 100;

/** GET /api/films/search: the shared catalogue by title, original title and director, ranked; public. */
export const searchFilms = (
  query: string,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<FilmSearchResult> =>
  apiRequest<FilmSearchResult>(`/films/search${pageParams({ q: query, ...paging })}`, { auth: false, signal });
