import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type ActivityType, activities, comments, films, friendships, movies, users } from '../../db/schema/index';
import type { Cursor } from './feed-cursor';
import { mayViewerSeeActivityOf, mayViewerSeeNamed, namedVisibleTo } from './feed-visibility';

/** All SQL about feed items (docs/feed.md). */

/** Comment excerpts in items and notifications: at most this many characters. */
export const EXCERPT_CHARS = 140;

/** The start of a comment, cut at a word where one is near the limit, with an ellipsis when cut. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= EXCERPT_CHARS) return flat;
  const cut = chars.slice(0, EXCERPT_CHARS - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type NewActivity = {
  actorId: string;
  type: ActivityType;
  movieId?: string;
  commentId?: string;
  friendshipId?: string;
  otherId?: string;
  rating?: number | null;
  text?: string;
};

/** Writes an item; called inside the transaction of its cause. Answers its id. */
export const insertActivity = async (tx: Db, values: NewActivity): Promise<string> =>
  ((await tx.insert(activities).values(values).returning({ id: activities.id }))[0] as { id: string }).id;

/** A comment's item, once: approving it again writes nothing (undefined). */
export const insertCommentActivity = async (
  tx: Db,
  c: { id: string; authorId: string; text: string },
): Promise<string | undefined> =>
  (
    await tx
      .insert(activities)
      .values({ actorId: c.authorId, type: 'commented', commentId: c.id, text: excerpt(c.text) })
      .onConflictDoNothing({ target: activities.commentId, where: sql`${activities.commentId} is not null` })
      .returning({ id: activities.id })
  )[0]?.id;

/** A comment no longer approved leaves the feed. */
export const deleteCommentActivities = async (tx: Db, commentIds: string[]) => {
  if (commentIds.length) await tx.delete(activities).where(inArray(activities.commentId, commentIds));
};

const actor = alias(users, 'actor');
const other = alias(users, 'other');

/** An item's row as read: the activity with its actor, the new friend and the film of its cause. */
const itemColumns = {
  id: activities.id,
  type: activities.type,
  rating: activities.rating,
  text: activities.text,
  createdAt: activities.createdAt,
  actor: { id: actor.id, username: actor.username, avatar: actor.avatar },
  other: { id: other.id, username: other.username, avatar: other.avatar },
  film: { id: films.id, title: films.title, year: films.year, posterUrl: films.posterUrl },
};
export type ItemRow = {
  id: string;
  type: ActivityType;
  rating: number | null;
  text: string | null;
  createdAt: Date;
  actor: { id: string; username: string; avatar: string | null };
  other: { id: string; username: string; avatar: string | null } | null;
  film: { id: string; title: string; year: number | null; posterUrl: string | null } | null;
};

/** Items' rows, with their actor, new friend and film, and any `extra` columns asked for. */
const selectItems = <Extra extends Record<string, SQL>>(db: Db, extra: Extra = {} as Extra) =>
  db
    .select({ ...itemColumns, ...extra })
    .from(activities)
    .innerJoin(actor, eq(actor.id, activities.actorId))
    .leftJoin(other, eq(other.id, activities.otherId))
    .leftJoin(movies, eq(movies.id, activities.movieId))
    .leftJoin(comments, eq(comments.id, activities.commentId))
    .leftJoin(films, sql`${films.id} = coalesce(${movies.filmId}, ${comments.filmId})`);

/** The member and their friends: whose activity their feed shows (before the visibility rule). */
const selfAndFriends = (viewerId: string) => sql`(
  select ${viewerId}::uuid as id
  union all
  select ${friendships.addresseeId} from ${friendships}
    where ${friendships.requesterId} = ${viewerId} and ${friendships.status} = 'accepted'
  union all
  select ${friendships.requesterId} from ${friendships}
    where ${friendships.addresseeId} = ${viewerId} and ${friendships.status} = 'accepted')`;

/**
 * The `limit + 1` newest items of the member and their friends before the cursor, whole, each
 * with whether the viewer may see the member it names (`namedVisible`). For each of them, their
 * newest items are read from activities_actor_newest_idx (an index-only scan, `limit + 1`
 * entries at most), the page is the newest of those, and only its rows are then read whole: a
 * member with 500 friends costs 501 short index reads, however much activity the install holds.
 */
const candidatePage = async (db: Db, viewerId: string, cursor: Cursor | undefined, limit: number) => {
  const before: SQL = cursor
    ? sql`and (a.created_at, a.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const pageIds = sql`(
    select p.id from ${selfAndFriends(viewerId)} v
    cross join lateral (
      select a.id, a.created_at from ${activities} a
      where a.actor_id = v.id ${before}
      order by a.created_at desc, a.id desc
      limit ${limit + 1}
    ) p
    where ${mayViewerSeeActivityOf(sql`${viewerId}::uuid`, sql`v.id`)}
    order by p.created_at desc, p.id desc
    limit ${limit + 1})`;
  return (await selectItems(db, { namedVisible: namedVisibleTo(viewerId, actor.id, other) })
    .where(sql`${activities.id} in ${pageIds}`)
    .orderBy(desc(activities.createdAt), desc(activities.id))) as (ItemRow & { namedVisible: boolean })[];
};

/**
 * One page of a member's feed, newest first, `limit + 1` rows (the extra tells that a next page
 * exists). An item naming a member hidden from the viewer (feed-visibility.ts) is left out of
 * the page's rows, and when that leaves the page short the next candidates are read from the
 * last one seen: such items are few, so this is one statement nearly always, and each actor's
 * read stays index-only (filtering inside it would read every candidate from the heap).
 */
export const listFeed = async (db: Db, viewerId: string, cursor: Cursor | undefined, limit: number) => {
  const page: ItemRow[] = [];
  let after = cursor;
  for (;;) {
    const rows = await candidatePage(db, viewerId, after, limit);
    for (const { namedVisible, ...row } of rows) if (namedVisible) page.push(row);
    const last = rows.at(-1);
    if (rows.length <= limit || page.length > limit || !last) return page.slice(0, limit + 1);
    after = { at: last.createdAt, id: last.id };
  }
};

/** One item by id (for its live delivery), if it still exists. */
export const findItem = async (db: Db, id: string): Promise<ItemRow | undefined> =>
  ((await selectItems(db).where(eq(activities.id, id))) as ItemRow[])[0];

/** Who gets an actor's new item live: the actor and their friends who may see it (and whom it names). */
export const audienceOf = async (db: Db, actorId: string, otherId: string | null = null): Promise<string[]> => {
  const res = await db.execute(
    sql`select v.id from ${selfAndFriends(actorId)} v
        where v.id = ${actorId}::uuid or (${mayViewerSeeActivityOf(sql`v.id`, sql`${actorId}::uuid`)}
          ${otherId ? sql`and ${mayViewerSeeNamed(sql`v.id`, otherId)}` : sql``})`,
  );
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
};
