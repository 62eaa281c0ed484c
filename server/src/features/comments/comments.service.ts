import type { ModerationAction } from '@kinodost/contracts/schemas/comments';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import { findMovie } from '../movies/movies.repository';
import * as repo from './comments.repository';

export interface CommentActor {
  id: string;
  isAdmin: boolean;
}

/** Comments and their moderation (PRODUCT.md "Comments and moderation"; docs/architecture.md "Comments"). */
export const createCommentsService = (db: Db, postThrottle: Throttle) => {
  const movieMustExist = async (movieId: string) => {
    if (!(await findMovie(db, movieId))) throw new NotFoundError(msg.movies.notFound);
  };

  return {
    /**
     * A member's new comment starts pending; it is public once an admin approves it. An admin's
     * own comment is approved as posted, by that admin: nobody else would moderate it.
     */
    async post(author: CommentActor, movieId: string, text: string) {
      const body = text.trim();
      if (!body) throw new ValidationError(msg.comments.blank, { text: msg.comments.blank });
      await movieMustExist(movieId);
      await postThrottle.hit(author.id);
      const row = await repo.insertComment(db, movieId, author.id, body, author.isAdmin);
      return (await repo.findComment(db, row.id)) as repo.CommentWithAuthor;
    },

    async listForMovie(movieId: string, viewerId: string | null, page: { page: number; limit: number }) {
      await movieMustExist(movieId);
      return repo.listMovieComments(db, movieId, viewerId, page);
    },

    /** The author or an admin deletes a comment; anyone else gets 404. */
    async remove(actor: CommentActor, movieId: string, commentId: string) {
      const comment = await repo.findComment(db, commentId);
      if (!comment || comment.movieId !== movieId || (comment.authorId !== actor.id && !actor.isAdmin)) {
        throw new NotFoundError(msg.comments.notFound);
      }
      await repo.deleteComments(db, [commentId]);
    },

    listForModeration: (q: { page: number; limit: number; status?: 'pending' | 'approved' | 'rejected' }) =>
      repo.listForModeration(db, { ...q, status: q.status ?? 'pending' }),

    /** Approves, rejects or deletes comments; answers how many existed. 404 when none of them does. */
    async moderate(moderatorId: string, ids: string[], action: ModerationAction): Promise<number> {
      const changed =
        action === 'delete'
          ? await repo.deleteComments(db, ids)
          : await repo.setStatus(db, ids, action === 'approve' ? 'approved' : 'rejected', moderatorId);
      if (changed === 0) throw new NotFoundError(msg.comments.notFound);
      return changed;
    },

    countPending: () => repo.countPending(db),
  };
};
export type CommentsService = ReturnType<typeof createCommentsService>;
