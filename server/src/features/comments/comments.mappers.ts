import type { AdminComment, Comment } from '@kinodost/contracts/schemas/comments';
import { avatarUrl } from '../users';
import type { CommentWithAuthor } from './comments.repository';

export const toComment = (c: CommentWithAuthor): Comment => ({
  id: c.id,
  film_id: c.filmId,
  movie_id: c.movieId,
  text: c.text,
  status: c.status,
  created_at: c.createdAt.toISOString(),
  author: { id: c.author.id, username: c.author.username, avatar_url: avatarUrl(c.author.avatar) },
});

export const toAdminComment = (c: CommentWithAuthor): AdminComment => ({
  ...toComment(c),
  film: c.film,
  movie: c.movie,
});
