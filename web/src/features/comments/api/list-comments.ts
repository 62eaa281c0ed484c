import type { CommentList } from '@kinodost/contracts/schemas/comments';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { type CommentTarget, commentsPath } from './target';

/**
 * GET /api/movies/{id}/comments or /api/films/{id}/comments: approved comments, oldest first.
 * Public, but the token goes along when there is one so the author also gets their own pending
 * comments.
 */
export const listComments = (
  target: CommentTarget,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<CommentList> =>
  apiRequest<CommentList>(`${commentsPath(target)}?page=${paging.page}&limit=${paging.limit}`, {
    auth: Boolean(getToken()),
    signal,
  });
