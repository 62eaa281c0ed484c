import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { comments, films, type NotificationType, notifications, users } from '../../db/schema/index';
import type { Cursor } from '../feed';

/** All SQL about notifications (docs/feed.md "Notifications"). */

export type NewNotification = {
  userId: string;
  type: NotificationType;
  actorId?: string;
  filmId?: string;
  commentId?: string;
  friendshipId?: string;
  text?: string;
};

/** Writes a notification; called inside the transaction of its cause. Answers its id. */
export const insertNotification = async (tx: Db, values: NewNotification): Promise<string> =>
  ((await tx.insert(notifications).values(values).returning({ id: notifications.id }))[0] as { id: string }).id;

/** A handled friend request's notification is read: the request section no longer lists it. */
export const markRequestRead = (tx: Db, friendshipId: string) =>
  tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.friendshipId, friendshipId),
        eq(notifications.type, 'friend_request'),
        isNull(notifications.readAt),
      ),
    );

const actor = alias(users, 'actor');
const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  text: notifications.text,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actor: { id: actor.id, username: actor.username, avatar: actor.avatar },
  film: { id: films.id, title: films.title, year: films.year, posterUrl: films.posterUrl },
};
export type NotificationItemRow = {
  id: string;
  userId: string;
  type: NotificationType;
  text: string | null;
  readAt: Date | null;
  createdAt: Date;
  actor: { id: string; username: string; avatar: string | null } | null;
  film: { id: string; title: string; year: number | null; posterUrl: string | null } | null;
};

// The comment's film while the comment exists (a merge of films moves it), else the one kept.
const select = (db: Db) =>
  db
    .select(columns)
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(films, sql`${films.id} = coalesce(${comments.filmId}, ${notifications.filmId})`);

/** A page of a member's notifications, newest first, `limit + 1` rows, from notifications_user_newest_idx. */
export const listNotifications = async (
  db: Db,
  userId: string,
  cursor: Cursor | undefined,
  limit: number,
  excluded?: NotificationType,
) =>
  (await select(db)
    .where(
      and(
        eq(notifications.userId, userId),
        excluded ? ne(notifications.type, excluded) : undefined,
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)) as NotificationItemRow[];

export const findNotification = async (db: Db, id: string): Promise<NotificationItemRow | undefined> =>
  ((await select(db).where(eq(notifications.id, id))) as NotificationItemRow[])[0];

/** Unread notifications of a member, from the partial index notifications_user_unread_idx. */
export const countUnread = async (db: Db, userId: string, excluded?: NotificationType): Promise<number> =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          excluded ? ne(notifications.type, excluded) : undefined,
        ),
      )
  )[0]?.n ?? 0;

/** Marks the member's given (or all) unread notifications read; answers how many. Others' ids are ignored. */
export const markRead = async (db: Db, userId: string, ids: string[] | undefined): Promise<number> =>
  (
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id })
  ).length;
