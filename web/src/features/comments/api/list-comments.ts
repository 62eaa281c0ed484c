import type { CommentList } from '@kinodost/contracts/schemas/comments';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';

/**
 * GET /api/movies/{id}/comments: approved comments, oldest first. Public, but the token goes
 * along when there is one so the author also gets their own pending comments.
 */
export const listComments = (
  movieId: string,
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<CommentList> =>
  apiRequest<CommentList>(`/movies/${encodeURIComponent(movieId)}/comments?page=${paging.page}&limit=${paging.limit}`, {
    auth: Boolean(getToken()),
    signal,
  });
