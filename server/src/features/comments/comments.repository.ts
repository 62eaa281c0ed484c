import { and, asc, count, desc, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageWithTotal } from '../../db/paging';
import { type CommentRow, comments, films, movies, users } from '../../db/schema/index';
import { blockedBetween } from '../privacy';

/** All SQL about comments. */

type Titled = { id: string; title: string };
export type CommentWithAuthor = CommentRow & {
  author: { id: string; username: string; avatar: string | null };
  film: Titled;
  /** The entry it was written on, while that entry exists. */
  movie: Titled | null;
};

const columns = {
  comment: comments,
  author: { id: users.id, username: users.username, avatar: users.avatar },
  film: { id: films.id, title: films.title },
  movie: { id: movies.id, title: movies.title },
};
const flatten = (r: {
  comment: CommentRow;
  author: CommentWithAuthor['author'];
  film: Titled;
  movie: Titled | null;
}): CommentWithAuthor => ({
  ...r.comment,
  author: r.author,
  film: r.film,
  movie: r.movie,
});
const joined = (db: Db) =>
  db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(films, eq(films.id, comments.filmId))
    .leftJoin(movies, eq(movies.id, comments.movieId));

/** A pending comment, or with `approved` one approved (and moderated) by its own author. */
export const insertComment = async (
  db: Db,
  values: { filmId: string; movieId: string | null; authorId: string; text: string },
  approved = false,
): Promise<CommentRow> =>
  (
    await db
      .insert(comments)
      .values({
        ...values,
        ...(approved && { status: 'approved' as const, moderatedBy: values.authorId, moderatedAt: sql`now()` }),
      })
      .returning()
  )[0] as CommentRow;

export const findComment = async (db: Db, id: string): Promise<CommentWithAuthor | undefined> => {
  const [row] = await joined(db).where(eq(comments.id, id));
  return row && flatten(row);
};

/** A film's public comments in order, plus the viewer's own pending ones, less those of blocked pairs. */
export const listFilmComments = async (
  db: Db,
  filmId: string,
  viewerId: string | null,
  page: { page: number; limit: number },
): Promise<{ rows: CommentWithAuthor[]; total: number }> => {
  const visible = viewerId
    ? or(eq(comments.status, 'approved'), and(eq(comments.status, 'pending'), eq(comments.authorId, viewerId)))
    : eq(comments.status, 'approved');
  // Members blocked either way do not read each other's comments (docs/social.md "Blocking").
  const unblocked = viewerId ? not(blockedBetween(viewerId, comments.authorId)) : undefined;
  const where = and(eq(comments.filmId, filmId), visible, unblocked);
  const offset = (page.page - 1) * page.limit;
  const { rows, total } = await pageWithTotal(
    offset,
    page.limit,
    () => joined(db).where(where).orderBy(asc(comments.createdAt), asc(comments.id)).limit(page.limit).offset(offset),
    async () => (await db.select({ n: count() }).from(comments).where(where))[0]?.n ?? 0,
  );
  return { rows: rows.map(flatten), total };
};

/** The moderation queue: oldest pending first, so nothing waits forever; other statuses newest first. */
export const listForModeration = async (
  db: Db,
  q: { page: number; limit: number; status: CommentRow['status'] },
): Promise<{ rows: CommentWithAuthor[]; total: number }> => {
  const where = eq(comments.status, q.status);
  const order = q.status === 'pending' ? asc(comments.createdAt) : desc(comments.createdAt);
  const [rows, totals] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(order, asc(comments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows: rows.map(flatten), total: totals[0]?.n ?? 0 };
};

/** The given comments as they are, locked until the transaction ends (moderation decides on them). */
export const lockForModeration = (tx: Db, ids: string[]) =>
  tx
    .select({
      id: comments.id,
      status: comments.status,
      authorId: comments.authorId,
      filmId: comments.filmId,
      text: comments.text,
    })
    .from(comments)
    .where(inArray(comments.id, ids))
    .orderBy(comments.id)
    .for('update');

/** Sets the status of the given comments in one statement; answers how many changed. */
export const setStatus = async (db: Db, ids: string[], status: 'approved' | 'rejected', moderatorId: string) =>
  (
    await db
      .update(comments)
      .set({ status, moderatedBy: moderatorId, moderatedAt: sql`now()` })
      .where(inArray(comments.id, ids))
      .returning({ id: comments.id })
  ).length;

export const deleteComments = async (db: Db, ids: string[]) =>
  (await db.delete(comments).where(inArray(comments.id, ids)).returning({ id: comments.id })).length;

export const countPending = async (db: Db): Promise<number> =>
  (await db.select({ n: count() }).from(comments).where(eq(comments.status, 'pending')))[0]?.n ?? 0;
