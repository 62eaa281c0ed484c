import { socialRequest } from '../../../lib/api-client';
import type { MessageReply } from './newsletter-types';

/** DELETE /api/newsletters/admin/{id} (admin); its read marks go with it. */
export const deleteNewsletter = (id: string): Promise<MessageReply> =>
  socialRequest<MessageReply>(`/newsletters/admin/${encodeURIComponent(id)}`, { method: 'DELETE' });
