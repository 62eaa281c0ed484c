import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/movies/{id}/comments/{commentId}: the author or an admin. */
export const deleteComment = (movieId: string, commentId: string): Promise<MessageReply> =>
  apiRequest<MessageReply>(`/movies/${encodeURIComponent(movieId)}/comments/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
  });
