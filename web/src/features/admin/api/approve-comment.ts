import type { CountReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/admin/comments/{id}/approve: the comment becomes public. */
export const approveComment = (id: string): Promise<CountReply> =>
  apiRequest<CountReply>(`/admin/comments/${encodeURIComponent(id)}/approve`, { method: 'PUT' });
