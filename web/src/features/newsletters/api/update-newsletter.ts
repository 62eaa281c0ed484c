import { socialRequest } from '../../../lib/api-client';
import type { Newsletter, UpdateNewsletterBody } from './newsletter-types';

/** PUT /api/newsletters/admin/{id} (admin): any of title, content, is_important. */
export const updateNewsletter = (id: string, body: UpdateNewsletterBody): Promise<Newsletter> =>
  socialRequest<Newsletter>(`/newsletters/admin/${encodeURIComponent(id)}`, { method: 'PUT', body });
