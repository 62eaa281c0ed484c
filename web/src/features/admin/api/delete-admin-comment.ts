import type { CountReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/admin/comments/{id}. */
export const deleteAdminComment = (id: string): Promise<CountReply> =>
  apiRequest<CountReply>(`/admin/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });
