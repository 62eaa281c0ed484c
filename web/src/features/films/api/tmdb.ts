import type { Film, TmdbSearchResult } from '@kinodost/contracts/schemas/films';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/films/tmdb/search (members): TMDB's films for `query`, each naming the catalogue's film
 * of it when there is one. 404 when this server has no TMDB key (docs/catalogue.md).
 */
export const searchTmdb = (query: string, signal?: AbortSignal): Promise<TmdbSearchResult> =>
  apiRequest<TmdbSearchResult>(`/films/tmdb/search?q=${encodeURIComponent(query)}`, { signal });

/** POST /api/films/tmdb/{tmdbId} (members): brings a TMDB film into the catalogue; answers the film. */
export const importTmdbFilm = (tmdbId: number): Promise<Film> =>
  apiRequest<Film>(`/films/tmdb/${encodeURIComponent(String(tmdbId))}`, { method: 'POST' });
