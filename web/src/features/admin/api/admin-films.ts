import type { AdminFilmList, AdminFilmListQuery, AdminUpdateFilmBody, Film } from '@kinodost/contracts/schemas/films';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/films: newest first, or what film search finds for `q`. */
export const listAdminFilms = (query: AdminFilmListQuery, signal?: AbortSignal): Promise<AdminFilmList> => {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q) params.set('q', query.q);
  return apiRequest<AdminFilmList>(`/admin/films?${params.toString()}`, { signal });
};

/** PUT /api/admin/films/{id}: the facts given change; every entry of the film shows them. */
export const updateAdminFilm = (id: string, body: AdminUpdateFilmBody): Promise<Film> =>
  apiRequest<Film>(`/admin/films/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** POST /api/admin/films/{id}/merge: film `id` is merged into `into` and deleted; answers the kept film. */
export const mergeFilms = (id: string, into: string): Promise<Film> =>
  apiRequest<Film>(`/admin/films/${encodeURIComponent(id)}/merge`, { method: 'POST', body: { into } });
