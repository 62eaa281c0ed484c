import type { ModerationAction } from '@kinodost/contracts/schemas/comments';
import type { Db } from '../../db/client';
import { isBlank } from '../../lib/blank';
import { foreignKeyViolation } from '../../lib/db-errors';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import { deleteCommentActivities, excerpt, insertCommentActivity } from '../feed';
import type { FilmsService } from '../films';
import type { MoviesService } from '../movies';
import { insertNotification } from '../notifications';
import * as repo from './comments.repository';

export interface CommentActor {
  id: string;
  isAdmin: boolean;
}

type Page = { page: number; limit: number };

export interface CommentsDeps {
  db: Db;
  /** Limits how often a member may post (comments.throttle.ts). */
  postThrottle: Throttle;
  films: FilmsService;
  movies: MoviesService;
  bus: EventBus;
}

/**
 * Comments and their moderation (docs/architecture.md "Comments"). A comment belongs to a
 * film: written on a film's page, or on a member's entry, which shows its film's comments
 * (docs/catalogue.md "Comments").
 */
export const createCommentsService = (deps: CommentsDeps) => {
  const { db, postThrottle } = deps;
  /** After the commit: new feed items and notifications go out live. */
  const announce = (written: { activities: string[]; notifications: string[] }) => {
    for (const id of written.activities) deps.bus.emit('activity:created', { id });
    for (const id of written.notifications) deps.bus.emit('notification:created', { id });
  };
  const inTransaction = <T>(fn: (tx: Db) => Promise<T>) => db.transaction((txRaw) => fn(txRaw as unknown as Db));

  /**
   * A member's new comment starts pending; it is public once an admin approves it. An admin's
   * own comment is approved as posted, by that admin: nobody else would moderate it.
   */
  const post = async (author: CommentActor, at: { filmId: string; movieId: string | null }, text: string) => {
    await postThrottle.hit(author.id);
    // An admin's comment is approved as posted: its feed item is written with it.
    const { row, activityId } = await inTransaction(async (tx) => {
      const row = await repo.insertComment(tx, { ...at, authorId: author.id, text: text.trim() }, author.isAdmin);
      return { row, activityId: author.isAdmin ? await insertCommentActivity(tx, row) : undefined };
    }).catch((err: unknown) => {
      // The entry deleted (or its film merged away) between the check and the insert.
      const gone = foreignKeyViolation(err);
      if (gone?.includes('movie_id')) throw new NotFoundError(msg.movies.notFound);
      if (gone?.includes('film_id')) throw new NotFoundError(msg.films.notFound);
      throw err;
    });
    announce({ activities: activityId ? [activityId] : [], notifications: [] });
    // Gone already when its author's account was deleted meanwhile (the deletion cascades).
    const written = await repo.findComment(db, row.id);
    if (!written) throw new NotFoundError(msg.comments.notFound);
    return written;
  };
  /** Blank text is refused before the film is looked up, as it always was. */
  const mustNotBeBlank = (text: string) => {
    if (isBlank(text)) throw new ValidationError(msg.comments.blank, { text: msg.comments.blank });
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
    /**
     * An approval writes the comment's feed item and tells its author; a rejection takes the item
     * away (if it was approved before) and tells the author; both in the moderation's transaction.
     * A comment already in the status asked for tells nobody again. A deletion's cascade takes
     * its item.
     */
    async moderate(moderatorId: string, ids: string[], action: ModerationAction): Promise<number> {
      if (action === 'delete') {
        const deleted = await repo.deleteComments(db, ids);
        if (deleted === 0) throw new NotFoundError(msg.comments.notFound);
        return deleted;
      }
      const status = action === 'approve' ? 'approved' : 'rejected';
      const { changed, written } = await inTransaction(async (tx) => {
        const before = await repo.lockForModeration(tx, ids);
        const changed = await repo.setStatus(tx, ids, status, moderatorId);
        const written = { activities: [] as string[], notifications: [] as string[] };
        const moved = before.filter((c) => c.status !== status);
        if (status === 'rejected')
          await deleteCommentActivities(
            tx,
            moved.map((c) => c.id),
          );
        for (const c of moved) {
          if (status === 'approved') {
            const activityId = await insertCommentActivity(tx, c);
            if (activityId) written.activities.push(activityId);
          }
          // An admin moderating their own comment needs no telling.
          if (c.authorId === moderatorId) continue;
          written.notifications.push(
            await insertNotification(tx, {
              userId: c.authorId,
              type: status === 'approved' ? 'comment_approved' : 'comment_rejected',
              filmId: c.filmId,
              commentId: c.id,
              text: excerpt(c.text),
            }),
          );
        }
        return { changed, written };
      });
      if (changed === 0) throw new NotFoundError(msg.comments.notFound);
      announce(written);
      return changed;
    },

    countPending: () => repo.countPending(db),
  };
};
export type CommentsService = ReturnType<typeof createCommentsService>;
