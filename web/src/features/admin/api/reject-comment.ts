import type { CountReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/admin/comments/{id}/reject: the comment stays hidden. */
export const rejectComment = (id: string): Promise<CountReply> =>
  apiRequest<CountReply>(`/admin/comments/${encodeURIComponent(id)}/reject`, { method: 'PUT' });
