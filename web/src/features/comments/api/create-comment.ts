import type { Comment } from '@kinodost/contracts/schemas/comments';
import { apiRequest } from '../../../lib/api-client';
import { type CommentTarget, commentsPath } from './target';

/** POST /api/movies/{id}/comments or /api/films/{id}/comments: 201, pending until an admin approves it. */
export const createComment = (target: CommentTarget, text: string): Promise<Comment> =>
  apiRequest<Comment>(commentsPath(target), { method: 'POST', body: { text } });
