import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { activities, comments, friendships, messages, movies, notifications } from '../db/schema/index';
import { excerpt } from '../features/feed';
import { insertMessage, markRead } from '../features/messages';

/**
 * The demo's social side: what the friends' activity card and the messages page show on a first
 * run. The items and messages are written as the features write them (the same tables and
 * columns), dated over the past days as if the members had used the app for a week.
 */

const HOUR = 3600_000;
/** A time this many hours before now: the demo's rows are dated over the past days. */
export const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** Whether the demo members have a row of this kind already: each kind is written once. */
const hasAny = async (db: Db, table: PgTable, column: PgColumn, memberIds: string[]) =>
  (await db.select({ one: sql`1` }).from(table).where(inArray(column, memberIds)).limit(1)).length > 0;

/** Whether the friendship rows hold one between a and b, either way round. */
const paired = (pairs: { requesterId: string; addresseeId: string }[], a: string, b: string) =>
  pairs.some((p) => (p.requesterId === a && p.addresseeId === b) || (p.requesterId === b && p.addresseeId === a));

/** The friendships among the demo members. */
const friendshipsAmong = (db: Db, memberIds: string[]) =>
  db
    .select()
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        inArray(friendships.requesterId, memberIds),
        inArray(friendships.addresseeId, memberIds),
      ),
    );

/** The demo members' approved comments. */
const approvedCommentsOf = (db: Db, memberIds: string[]) =>
  db
    .select()
    .from(comments)
    .where(and(eq(comments.status, 'approved'), inArray(comments.authorId, memberIds)));

/**
 * Feed items for the demo members, once (none is written while any of them has one): each
 * member's newest entry of each of the past six days (watched, with its rating, or to watch),
 * every friendship among them, and their approved comments. Answers how many were written.
 */
export async function seedDemoActivity(db: Db, memberIds: string[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  if (await hasAny(db, activities, activities.actorId, memberIds)) return 0;
  const entries = rowsOf<{
    id: string;
    owner_id: string;
    status: 'watched' | 'watchlist';
    rating: number | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      select distinct on (owner_id, created_at::date) id, owner_id, status, rating, created_at
      from ${movies}
      where owner_id = any(${`{${memberIds.join(',')}}`}::uuid[]) and created_at > now() - interval '6 days'
      order by owner_id, created_at::date, created_at desc`),
  );
  const friends = await friendshipsAmong(db, memberIds);
  const approved = await approvedCommentsOf(db, memberIds);
  const items: (typeof activities.$inferInsert)[] = [
    ...entries.map((e) => ({
      actorId: e.owner_id,
      type: e.status,
      movieId: e.id,
      rating: e.status === 'watched' ? e.rating : null,
      createdAt: new Date(e.created_at),
    })),
    // A friendship's item is the accepter's (docs/feed.md "Feed items").
    ...friends.map((f) => ({
      actorId: f.addresseeId,
      type: 'friends' as const,
      friendshipId: f.id,
      otherId: f.requesterId,
      createdAt: f.acceptedAt ?? f.createdAt,
    })),
    ...approved.map((c) => ({
      actorId: c.authorId,
      type: 'commented' as const,
      commentId: c.id,
      text: excerpt(c.text),
      createdAt: c.createdAt,
    })),
  ];
  if (items.length === 0) return 0;
  return (await db.insert(activities).values(items).returning({ id: activities.id })).length;
}

/** A film the sender has watched (their best rated) and the recipient does not hold, if any. */
const filmToRecommend = async (db: Db, from: string, to: string): Promise<string | null> =>
  rowsOf<{ film_id: string }>(
    await db.execute(sql`
      select film_id from ${movies} m
      where owner_id = ${from}::uuid and status = 'watched'
        and not exists (select 1 from ${movies} o where o.owner_id = ${to}::uuid and o.film_id = m.film_id)
      order by rating desc nulls last, created_at desc
      limit 1`),
  )[0]?.film_id ?? null;

/**
 * Two conversations of the first demo member with two of their friends, once (none is written
 * while the demo members have any message): one read, one ending with a film recommended to them
 * and not yet read, so the header shows an unread message. Answers how many messages were written.
 */
export async function seedDemoMessages(db: Db, memberIds: string[]): Promise<number> {
  const [me, ...others] = memberIds;
  if (!me) return 0;
  if (await hasAny(db, messages, messages.senderId, memberIds)) return 0;
  const friends = await friendshipsAmong(db, memberIds);
  const friendsOfMe = others.filter((o) => paired(friends, me, o));
  const [first, second] = friendsOfMe;
  const script: { from: string; to: string; text: string | null; film?: string | null; hoursAgo: number }[] = [];
  if (second) {
    script.push(
      {
        from: me,
        to: second,
        text: 'Bu film sənin zövqünə görədir, bax, sonra danışarıq.',
        film: await filmToRecommend(db, me, second),
        hoursAgo: 50,
      },
      { from: second, to: me, text: 'Dünən baxdım, çox bəyəndim. Təşəkkürlər!', hoursAgo: 30 },
    );
  }
  if (first) {
    script.push(
      { from: first, to: me, text: 'Salam! Həftəsonu film gecəsi edək?', hoursAgo: 26 },
      { from: me, to: first, text: 'Əla fikirdir! Nəyə baxaq?', hoursAgo: 25 },
      {
        from: first,
        to: me,
        text: 'Bunu hələ görməmisən, mütləq bax!',
        film: await filmToRecommend(db, first, me),
        hoursAgo: 3,
      },
    );
  }
  let written = 0;
  for (const m of script) {
    // Whoever writes has read what the other wrote before.
    await markRead(db, m.from, m.to);
    const row = await insertMessage(db, {
      from: m.from,
      to: m.to,
      text: m.text,
      filmId: m.film ?? null,
      sentAt: ago(m.hoursAgo),
    });
    if (row) written++;
  }
  // The older conversation has been read; the newer one's film waits for the demo member.
  if (second) await markRead(db, me, second);
  return written;
}

/**
 * The demo members' notifications, once (none is written while any of them has one): each
 * requester told that their request was accepted, each author that their comment was approved
 * (read, but the past day's), and the first member's friend request from a member who is not yet
 * their friend, waiting in the header and on the friends page. Answers how many were written.
 */
export async function seedDemoNotifications(db: Db, memberIds: string[]): Promise<number> {
  const [me, ...others] = memberIds;
  if (!me) return 0;
  if (await hasAny(db, notifications, notifications.userId, memberIds)) return 0;
  const friends = await friendshipsAmong(db, memberIds);
  const approved = await approvedCommentsOf(db, memberIds);
  const dayAgo = ago(24);
  const values: (typeof notifications.$inferInsert)[] = [
    ...friends.map((f) => {
      const at = f.acceptedAt ?? f.createdAt;
      return {
        userId: f.requesterId,
        type: 'friend_accepted' as const,
        actorId: f.addresseeId,
        friendshipId: f.id,
        createdAt: at,
        readAt: new Date(at.getTime() + HOUR),
      };
    }),
    ...approved.map((c) => {
      const at = new Date(c.createdAt.getTime() + HOUR / 2);
      return {
        userId: c.authorId,
        type: 'comment_approved' as const,
        filmId: c.filmId,
        commentId: c.id,
        text: excerpt(c.text),
        createdAt: at,
        readAt: at < dayAgo ? new Date(at.getTime() + HOUR) : null,
      };
    }),
  ];
  // A pair that has a request already keeps it (the insert does nothing).
  const stranger = others.find((o) => !paired(friends, me, o));
  if (stranger) {
    const [request] = await db
      .insert(friendships)
      .values({ requesterId: stranger, addresseeId: me, status: 'pending', createdAt: ago(2) })
      .onConflictDoNothing()
      .returning({ id: friendships.id });
    if (request)
      values.push({
        userId: me,
        type: 'friend_request',
        actorId: stranger,
        friendshipId: request.id,
        createdAt: ago(2),
      });
  }
  if (values.length === 0) return 0;
  return (await db.insert(notifications).values(values).returning({ id: notifications.id })).length;
}
