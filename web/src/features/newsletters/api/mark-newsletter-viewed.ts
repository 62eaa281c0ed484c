import { socialRequest } from '../../../lib/api-client';
import type { MessageReply } from './newsletter-types';

/** POST /api/newsletters/{id}/mark-viewed (member; idempotent). */
export const markNewsletterViewed = (id: string): Promise<MessageReply> =>
  socialRequest<MessageReply>(`/newsletters/${encodeURIComponent(id)}/mark-viewed`, { method: 'POST' });
