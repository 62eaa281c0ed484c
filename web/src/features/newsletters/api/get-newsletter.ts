import { socialRequest } from '../../../lib/api-client';
import type { Newsletter } from './newsletter-types';

/** GET /api/newsletters/{id} (public). Rejects with an ApiError (status 404 when it does not exist). */
export const getNewsletter = (id: string, signal?: AbortSignal): Promise<Newsletter> =>
  socialRequest<Newsletter>(`/newsletters/${encodeURIComponent(id)}`, { signal });
