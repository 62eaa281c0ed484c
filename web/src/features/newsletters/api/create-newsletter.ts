import { socialRequest } from '../../../lib/api-client';
import type { CreateNewsletterBody, Newsletter } from './newsletter-types';

/** POST /api/newsletters/admin/create (admin): {title, content, is_important?} -> 201 Newsletter. */
export const createNewsletter = (body: CreateNewsletterBody): Promise<Newsletter> =>
  socialRequest<Newsletter>('/newsletters/admin/create', { method: 'POST', body });
