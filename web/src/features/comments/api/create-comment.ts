import type { Comment } from '@kinodost/contracts/schemas/comments';
import { apiRequest } from '../../../lib/api-client';

/** The server's bounds on a comment's text. */
export const COMMENT_MAX = 1000;

/** POST /api/movies/{id}/comments: 201 with the comment, pending until an admin approves it. */
export const createComment = (movieId: string, text: string): Promise<Comment> =>
  apiRequest<Comment>(`/movies/${encodeURIComponent(movieId)}/comments`, { method: 'POST', body: { text } });
