import type { AdminCommentList, AdminCommentQuery } from '@kinodost/contracts/schemas/comments';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/comments: the moderation queue, paged, pending unless a status is given. */
export const listAdminComments = (query: AdminCommentQuery, signal?: AbortSignal): Promise<AdminCommentList> => {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  return apiRequest<AdminCommentList>(`/admin/comments?${params.toString()}`, { signal });
};
