import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/user/{id}. */
export const deleteUser = (id: string): Promise<MessageReply> =>
  apiRequest<MessageReply>(`/user/${encodeURIComponent(id)}`, { method: 'DELETE' });
