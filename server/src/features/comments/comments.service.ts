import type { ModerationAction } from '@kinodost/contracts/schemas/comments';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import type { FilmsService } from '../films/films.service';
import type { MoviesService } from '../movies/movies.service';
import * as repo from './comments.repository';

export interface CommentActor {
  id: string;
  isAdmin: boolean;
}

type Page = { page: number; limit: number };

/**
 * Comments and their moderation (PRODUCT.md "Comments and moderation"). A comment belongs to a
 * film: written on a film's page, or on a member's entry, which shows its film's comments
 * (docs/catalogue.md "Comments").
 */
export const createCommentsService = (
  db: Db,
  postThrottle: Throttle,
  deps: { films: FilmsService; movies: MoviesService },
) => {
  /** A new comment starts pending; it is public once an admin approves it. */
  const post = async (authorId: string, at: { filmId: string; movieId: string | null }, text: string) => {
    await postThrottle.hit(authorId);
    const row = await repo.insertComment(db, { ...at, authorId, text: text.trim() });
    return (await repo.findComment(db, row.id)) as repo.CommentWithAuthor;
  };
  /** Blank text is refused before the film is looked up, as it always was. */
  const mustNotBeBlank = (text: string) => {
    if (!text.trim()) throw new ValidationError(msg.comments.blank, { text: msg.comments.blank });
  };

  return {
    async postOnFilm(authorId: string, filmId: string, text: string) {
      mustNotBeBlank(text);
      await deps.films.get(filmId);
      return post(authorId, { filmId, movieId: null }, text);
    },

    /** On an entry: the comment is its film's, and remembers the entry. */
    async postOnMovie(authorId: string, movieId: string, text: string) {
      mustNotBeBlank(text);
      const movie = await deps.movies.get(movieId);
      return post(authorId, { filmId: movie.filmId, movieId }, text);
    },

    async listForFilm(filmId: string, viewerId: string | null, page: Page) {
      await deps.films.get(filmId);
      return repo.listFilmComments(db, filmId, viewerId, page);
    },

    async listForMovie(movieId: string, viewerId: string | null, page: Page) {
      const movie = await deps.movies.get(movieId);
      return repo.listFilmComments(db, movie.filmId, viewerId, page);
    },

    /** The author or an admin deletes a comment of the entry's film; anyone else gets 404. */
    async remove(actor: CommentActor, movieId: string, commentId: string) {
      const [movie, comment] = await Promise.all([
        deps.movies.get(movieId).catch(() => undefined),
        repo.findComment(db, commentId),
      ]);
      if (!movie || !comment || comment.filmId !== movie.filmId || (comment.authorId !== actor.id && !actor.isAdmin)) {
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
