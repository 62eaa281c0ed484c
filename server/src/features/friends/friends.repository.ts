import { and, asc, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageWithTotal } from '../../db/paging';
import { preparedOnce } from '../../db/prepared';
import { type FriendshipRow, friendships, users } from '../../db/schema/index';
import { blockedBetween } from '../privacy';

/** All SQL about friend requests and friendships. One row per unordered pair (friendships_pair_key). */

/** Matches the one row of the pair {a, b}, in the unique index's own terms so the index serves it. */
const pairOf = (a: string, b: string): SQL =>
  sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::uuid, ${b}::uuid)
    and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::uuid, ${b}::uuid)`;

/** A person's list columns, as read from users. */
const person = { id: users.id, username: users.username, avatar: users.avatar };
export interface PersonRow {
  id: string;
  username: string;
  avatar: string | null;
}

const offset = (page: number, limit: number) => (page - 1) * limit;

export const findUserRef = async (db: Db, id: string): Promise<PersonRow | undefined> =>
  (await db.select(person).from(users).where(eq(users.id, id)))[0];

/** The row between two users, if any. */
export const findPair = async (db: Db, a: string, b: string): Promise<FriendshipRow | undefined> =>
  (await db.select().from(friendships).where(pairOf(a, b)))[0];

/** The row between two users, locked until the transaction ends. */
export const lockPair = async (db: Db, a: string, b: string): Promise<FriendshipRow | undefined> =>
  (await db.select().from(friendships).where(pairOf(a, b)).for('update'))[0];

/**
 * Inserts a pending request unless the pair already has a row. ON CONFLICT waits
 * for a concurrent insert of the same pair to commit and then does nothing, so a
 * crossing request never fails with a unique violation (which would abort the
 * transaction): the caller re-reads the committed row instead.
 */
export const insertRequestIfAbsent = async (
  db: Db,
  requesterId: string,
  addresseeId: string,
): Promise<FriendshipRow | undefined> =>
  (await db.insert(friendships).values({ requesterId, addresseeId }).onConflictDoNothing().returning())[0];

/** Turns a pending request addressed to `addresseeId` into a friendship; undefined if it is not (or no longer) one. */
export const acceptPending = async (db: Db, id: string, addresseeId: string): Promise<FriendshipRow | undefined> =>
  (
    await db
      .update(friendships)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(and(eq(friendships.id, id), eq(friendships.addresseeId, addresseeId), eq(friendships.status, 'pending')))
      .returning()
  )[0];

/** Deletes a pending request the given side of which is `userId`. */
export const deletePending = async (
  db: Db,
  id: string,
  side: 'requester' | 'addressee',
  userId: string,
): Promise<FriendshipRow | undefined> =>
  (
    await db
      .delete(friendships)
      .where(
        and(
          eq(friendships.id, id),
          eq(side === 'requester' ? friendships.requesterId : friendships.addresseeId, userId),
          eq(friendships.status, 'pending'),
        ),
      )
      .returning()
  )[0];

/** Deletes the accepted friendship between two users. */
export const deleteFriendship = async (db: Db, a: string, b: string): Promise<FriendshipRow | undefined> =>
  (
    await db
      .delete(friendships)
      .where(and(pairOf(a, b), eq(friendships.status, 'accepted')))
      .returning()
  )[0];

/** The member a list is for, bound when a prepared statement runs. */
const member = sql.placeholder('me');
const pageParams = (userId: string, page: number, limit: number) => ({
  me: userId,
  limit,
  offset: offset(page, limit),
});

/**
 * A member's accepted friendships seen from their side, as two index-only scans: the rows where
 * they asked and the rows where they were asked, each read whole from friendships_*_list_idx
 * (whose keys carry every column used here). An OR over both columns made PostgreSQL visit the
 * table for every row, one random page per friend.
 */
const friendshipsOf = (db: Db) => {
  type MemberColumn = typeof friendships.requesterId | typeof friendships.addresseeId;
  const side = (mine: MemberColumn, theirs: MemberColumn) =>
    db
      .select({
        other: sql<string>`${theirs}`.as('other'),
        friendshipId: sql<string>`${friendships.id}`.as('friendship_id'),
        // accepted_at is always set on accept; created_at stands in should a row ever lack it.
        since: sql<Date>`coalesce(${friendships.acceptedAt}, ${friendships.createdAt})`.as('since'),
      })
      .from(friendships)
      .where(and(eq(mine, member), eq(friendships.status, 'accepted')));
  return side(friendships.requesterId, friendships.addresseeId)
    .unionAll(side(friendships.addresseeId, friendships.requesterId))
    .as('f');
};

/**
 * One page of a member's friends, by username. Ordering by name makes the database gather
 * all of them before the limit anyway, so the total comes with the page (a window count)
 * rather than from a second query.
 */
export const listFriends = async (db: Db, userId: string, page: number, limit: number) => {
  const statements = preparedOnce(db, 'friends_of', (name) => {
    const f = friendshipsOf(db);
    return {
      rows: db
        .select({
          ...person,
          friendshipId: f.friendshipId,
          since: sql<Date>`${f.since}`.mapWith(friendships.createdAt),
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(f)
        .innerJoin(users, eq(users.id, f.other))
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_rows`),
      total: db.select({ n: count() }).from(f).prepare(`${name}_total`),
    };
  });
  const params = pageParams(userId, page, limit);
  const rows = await statements.rows.execute(params);
  // Past the last page there is no row to carry the total.
  const total = rows[0]?.total ?? (params.offset === 0 ? 0 : ((await statements.total.execute(params))[0]?.n ?? 0));
  return { rows, total };
};

/** A member's pending requests: sent to them (incoming) or by them (outgoing). */
const pendingWhere = (direction: 'incoming' | 'outgoing') =>
  and(
    eq(direction === 'incoming' ? friendships.addresseeId : friendships.requesterId, member),
    eq(friendships.status, 'pending'),
  );

/** One page of pending requests sent to (incoming) or by (outgoing) a member, newest first. */
export const listPending = async (
  db: Db,
  userId: string,
  direction: 'incoming' | 'outgoing',
  page: number,
  limit: number,
) => {
  const statements = preparedOnce(db, `pending_${direction}`, (name) => {
    const theirs = direction === 'incoming' ? friendships.requesterId : friendships.addresseeId;
    return {
      rows: db
        .select({ requestId: friendships.id, createdAt: friendships.createdAt, person })
        .from(friendships)
        .innerJoin(users, eq(users.id, theirs))
        .where(pendingWhere(direction))
        .orderBy(desc(friendships.createdAt), desc(friendships.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_rows`),
      total: countPendingStatement(db, direction),
    };
  });
  const params = pageParams(userId, page, limit);
  return pageWithTotal(
    params.offset,
    limit,
    () => statements.rows.execute(params),
    async () => (await statements.total.execute(params))[0]?.n ?? 0,
  );
};

const countPendingStatement = (db: Db, direction: 'incoming' | 'outgoing') =>
  preparedOnce(db, `pending_${direction}_total`, (name) =>
    db.select({ n: count() }).from(friendships).where(pendingWhere(direction)).prepare(name),
  );

/** How many requests wait for this member's answer. */
export const countIncoming = async (db: Db, userId: string): Promise<number> =>
  (await countPendingStatement(db, 'incoming').execute({ me: userId }))[0]?.n ?? 0;

/** Escapes ILIKE's wildcards so a search for `a_b` or `50%` matches those characters. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of members whose username contains `q` (any case), without the
 * caller, each with the pair's row if there is one. Exact and prefix matches first.
 */
export const searchPeople = async (db: Db, me: string, q: string, page: number, limit: number) => {
  // Members blocked either way do not find each other (docs/social.md "Blocking").
  const where = and(
    ne(users.id, me),
    ilike(users.username, containsPattern(q)),
    sql`not ${blockedBetween(sql`${me}::uuid`, users.id)}`,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...person,
        friendshipId: friendships.id,
        status: friendships.status,
        requesterId: friendships.requesterId,
      })
      .from(users)
      .leftJoin(
        friendships,
        sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${users.id}, ${me}::uuid)
          and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${users.id}, ${me}::uuid)`,
      )
      .where(where)
      .orderBy(
        desc(sql`lower(${users.username}) = lower(${q})`),
        desc(sql`starts_with(lower(${users.username}), lower(${q}))`),
        asc(sql`lower(${users.username})`),
        asc(users.id),
      )
      .limit(limit)
      .offset(offset(page, limit)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};
