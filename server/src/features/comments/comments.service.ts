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
 * Comments and their moderation (docs/architecture.md "Comments"). A comment belongs to a
 * film: written on a film's page, or on a member's entry, which shows its film's comments
 * (docs/catalogue.md "Comments").
 */
export const createCommentsService = (
  db: Db,
  postThrottle: Throttle,
  deps: { films: FilmsService; movies: MoviesService },
) => {
  /**
   * A member's new comment starts pending; it is public once an admin approves it. An admin's
   * own comment is approved as posted, by that admin: nobody else would moderate it.
   */
  const post = async (author: CommentActor, at: { filmId: string; movieId: string | null }, text: string) => {
    await postThrottle.hit(author.id);
    const row = await repo.insertComment(db, { ...at, authorId: author.id, text: text.trim() }, author.isAdmin);
    return (await repo.findComment(db, row.id)) as repo.CommentWithAuthor;
  };
  /** Blank text is refused before the film is looked up, as it always was. */
  const mustNotBeBlank = (text: string) => {
    if (!text.trim()) throw new ValidationError(msg.comments.blank, { text: msg.comments.blank });
  };

  return {
    async postOnFilm(author: CommentActor, filmId: string, text: string) {
      mustNotBeBlank(text);
      await deps.films.get(filmId);
      return post(author, { filmId, movieId: null }, text);
    },

    /** On an entry: the comment is its film's, and remembers the entry. */
    async postOnMovie(author: CommentActor, movieId: string, text: string) {
      mustNotBeBlank(text);
      // An entry hidden from the author by its owner's visibility or a block is not there for them.
      const movie = await deps.movies.getFor(author.id, movieId);
      return post(author, { filmId: movie.filmId, movieId }, text);
    },

    async listForFilm(filmId: string, viewerId: string | null, page: Page) {
      await deps.films.get(filmId);
      return repo.listFilmComments(db, filmId, viewerId, page);
    },

    async listForMovie(movieId: string, viewerId: string | null, page: Page) {
      const movie = await deps.movies.getFor(viewerId, movieId);
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
