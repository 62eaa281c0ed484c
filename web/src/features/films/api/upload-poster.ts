import type { Film } from '@kinodost/contracts/schemas/films';
import { uploadRequest } from '../../../lib/api-client';

/**
 * POST /api/films/{id}/poster, multipart field `poster`, with upload progress: the maker of a
 * member film or an admin (docs/catalogue.md "Posters"). The server checks and re-encodes the
 * image as it does an avatar, so the client checks the same type and size (checkAvatarFile).
 */
export const uploadPoster = (filmId: string, file: File, onProgress?: (percent: number) => void): Promise<Film> => {
  const form = new FormData();
  form.append('poster', file);
  return uploadRequest<Film>(`/films/${encodeURIComponent(filmId)}/poster`, form, { onProgress });
};
