import type { FilmPage } from '@kinodost/contracts/schemas/films';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';

/**
 * GET /api/films/{id}: the film and its stats, public; 404 'Film kataloqda tapılmadı'. The token
 * goes along when there is one, so a member also gets their own entry (`mine`) and friends'.
 */
export const getFilm = (id: string, signal?: AbortSignal): Promise<FilmPage> =>
  apiRequest<FilmPage>(`/films/${encodeURIComponent(id)}`, { auth: Boolean(getToken()), signal });
