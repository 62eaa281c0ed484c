import type { ImportJob, ImportJobReply, ImportStarted } from '@kinodost/contracts/schemas/imports';
import { API_BASE, ApiError, apiRequest, errorMessage, isErrorBody, uploadRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';

/** POST /api/import, multipart field `file`, with upload progress. */
export const startImport = (file: File, onProgress?: (percent: number) => void): Promise<ImportStarted> => {
  const form = new FormData();
  form.append('file', file);
  return uploadRequest<ImportStarted>('/import', form, { onProgress });
};

export const getImport = async (id: string, signal?: AbortSignal): Promise<ImportJob> =>
  (await apiRequest<ImportJobReply>(`/import/${id}`, { signal })).data;

/** DELETE /api/user/profile: the member deletes their own account. */
export const deleteOwnAccount = (password: string): Promise<unknown> =>
  apiRequest('/user/profile', { method: 'DELETE', body: { password } });

/** The name a Content-Disposition gives (RFC 6266's filename* first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Downloads an export with the session's token (a plain link cannot send it) and hands it to the
 * browser as a file under the server's name.
 */
export async function downloadExport(path: '/export/letterboxd.csv' | '/export/kinodost.json'): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw isErrorBody(body) ? body : new ApiError(errorMessage(body), res.status);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), path.split('/').at(-1) as string);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
