import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** All SQL of messages (docs/messages.md "Storage"). */

/** A timestamp as ISO 8601 in UTC, milliseconds: the same text from PGlite and node-postgres. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The pair {a, b} of a message row `m`, in messages_pair_idx's own terms. */
const pairOf = (a: string, b: string) =>
  sql`least(m.sender_id, m.recipient_id) = least(${a}::uuid, ${b}::uuid)
    and greatest(m.sender_id, m.recipient_id) = greatest(${a}::uuid, ${b}::uuid)`;

export interface MessageData {
  id: string;
  from: string;
  to: string;
  text: string | null;
  created_at: string;
  read_at: string | null;
  film_id: string | null;
  film_title: string | null;
  film_year: number | null;
  film_poster_url: string | null;
  /** Read by a thread page: the film is in the reader's collection (movies_owner_film_key). */
  film_owned?: boolean;
}

const messageColumns = sql`m.id, m.sender_id as "from", m.recipient_id as "to", m.text,
  ${iso(sql`m.created_at`)} as created_at, ${iso(sql`m.read_at`)} as read_at,
  f.id as film_id, f.title as film_title, f.year as film_year, f.poster_url as film_poster_url`;

/** Whether the two members are friends now (a block removes the friendship). */
export const areFriends = async (db: Db, a: string, b: string): Promise<boolean> => {
  const res = await db.execute(sql`
    select 1 from friendships
    where least(requester_id, addressee_id) = least(${a}::uuid, ${b}::uuid)
      and greatest(requester_id, addressee_id) = greatest(${a}::uuid, ${b}::uuid)
      and status = 'accepted'`);
  return rowsOf(res).length > 0;
};

/**
 * Stores a message between friends and moves both members' conversation rows to it, in one
 * statement (atomic without a transaction's extra round trips): the friendship is checked by
 * the same statement, so a send costs one round trip. Answers nothing when the two are not
 * friends now. The caller answers and emits only after this resolves, so an acknowledged message
 * is committed. Of two messages committing out of order, the rows keep the later one.
 * `sentAt` backdates a message (the demo's conversations); a member's message is sent now.
 */
export const insertMessage = async (
  db: Db,
  v: { from: string; to: string; text: string | null; filmId: string | null; sentAt?: Date },
): Promise<MessageData | undefined> =>
  rowsOf<MessageData>(
    await db.execute(sql`
      with m as (
        insert into messages (sender_id, recipient_id, text, film_id, created_at)
        select ${v.from}::uuid, ${v.to}::uuid, ${v.text}, ${v.filmId}::uuid,
          coalesce(${v.sentAt?.toISOString() ?? null}::timestamptz, now())
        where exists (
          select 1 from friendships
          where least(requester_id, addressee_id) = least(${v.from}::uuid, ${v.to}::uuid)
            and greatest(requester_id, addressee_id) = greatest(${v.from}::uuid, ${v.to}::uuid)
            and status = 'accepted')
        returning *),
      sides as (
        insert into conversations (user_id, other_id, last_message_id, last_at)
        select u, o, m.id, m.created_at from m,
          lateral (values (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) as v(u, o)
        on conflict (user_id, other_id) do update
          set last_message_id = excluded.last_message_id, last_at = excluded.last_at
          where conversations.last_at <= excluded.last_at)
      select ${messageColumns} from m left join films f on f.id = m.film_id`),
  )[0];

export const findMessage = async (db: Db, id: string): Promise<MessageData | undefined> =>
  rowsOf<MessageData>(
    await db.execute(sql`
      select ${messageColumns} from messages m left join films f on f.id = m.film_id
      where m.id = ${id}::uuid`),
  )[0];

/** A page of the thread between two members, newest first, older than the message `before`. */
export const listThread = async (
  db: Db,
  me: string,
  other: string,
  before: string | undefined,
  limit: number,
): Promise<MessageData[]> => {
  const older = before
    ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${before}::uuid)`
    : sql``;
  return rowsOf<MessageData>(
    await db.execute(sql`
      select ${messageColumns},
        f.id is not null and exists (select 1 from movies mv where mv.owner_id = ${me}::uuid and mv.film_id = f.id)
          as film_owned
      from messages m left join films f on f.id = m.film_id
      where ${pairOf(me, other)} ${older}
      order by least(m.sender_id, m.recipient_id), greatest(m.sender_id, m.recipient_id),
        m.created_at desc, m.id desc
      limit ${limit}`),
  );
};

/** Whether `id` is a message between the two members. */
export const isInThread = async (db: Db, me: string, other: string, id: string): Promise<boolean> =>
  rowsOf(await db.execute(sql`select 1 from messages m where m.id = ${id}::uuid and ${pairOf(me, other)}`)).length > 0;

export interface ConversationData {
  other_id: string;
  username: string;
  avatar: string | null;
  unread: number;
  last_id: string;
  last_from: string;
  last_text: string | null;
  last_created_at: string;
  film_id: string | null;
  film_title: string | null;
  film_year: number | null;
  film_poster_url: string | null;
}

/**
 * The member's conversations with their friends, newest first: one range of
 * conversations_list_idx, joined to the member's own friends (two ranges of the friendships list
 * indexes, so the planner knows it joins hundreds of rows, not the whole friendships table by
 * pair key), the friend, the newest message, and the member's unread counts by sender, read in
 * one range of messages_unread_idx (which holds only unread messages) rather than a probe per
 * conversation.
 */
export const listConversations = async (db: Db, me: string): Promise<ConversationData[]> =>
  rowsOf<ConversationData>(
    await db.execute(sql`
      with unread as (
        select sender_id, count(*)::int as n from messages
        where recipient_id = ${me}::uuid and read_at is null group by sender_id),
      friends as (
        select addressee_id as other_id from friendships where requester_id = ${me}::uuid and status = 'accepted'
        union all
        select requester_id from friendships where addressee_id = ${me}::uuid and status = 'accepted')
      select c.other_id, u.username, u.avatar, coalesce(un.n, 0) as unread,
        m.id as last_id, m.sender_id as last_from, m.text as last_text,
        ${iso(sql`m.created_at`)} as last_created_at,
        f.id as film_id, f.title as film_title, f.year as film_year, f.poster_url as film_poster_url
      from conversations c
      join friends fr on fr.other_id = c.other_id
      join users u on u.id = c.other_id
      join messages m on m.id = c.last_message_id
      left join films f on f.id = m.film_id
      left join unread un on un.sender_id = c.other_id
      where c.user_id = ${me}::uuid
      order by c.last_at desc, c.other_id`),
  );

/** How many messages from current friends the member has not read. */
export const countUnread = async (db: Db, me: string): Promise<number> => {
  const row = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from messages m
      join friendships fr
        on least(fr.requester_id, fr.addressee_id) = least(m.sender_id, m.recipient_id)
        and greatest(fr.requester_id, fr.addressee_id) = greatest(m.sender_id, m.recipient_id)
        and fr.status = 'accepted'
      where m.recipient_id = ${me}::uuid and m.read_at is null`),
  )[0];
  return Number(row?.n ?? 0);
};

/**
 * Marks every message `other` sent `me` read, and records the mark on `me`'s conversation row.
 * Answers how many were marked and the newest of them.
 */
export const markRead = (db: Db, me: string, other: string): Promise<{ count: number; upTo: string | null }> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const marked = rowsOf<{ n: number; up_to: string | null }>(
      await tx.execute(sql`
        with marked as (
          update messages set read_at = now()
          where recipient_id = ${me}::uuid and sender_id = ${other}::uuid and read_at is null
          returning id, created_at)
        select count(*)::int as n, (select id from marked order by created_at desc, id desc limit 1) as up_to
        from marked`),
    )[0];
    const count = Number(marked?.n ?? 0);
    if (count === 0 || !marked?.up_to) return { count: 0, upTo: null };
    const newest = { id: marked.up_to };
    await tx.execute(sql`
      update conversations set read_at = now(), read_up_to = ${newest.id}::uuid
      where user_id = ${me}::uuid and other_id = ${other}::uuid`);
    return { count, upTo: newest.id };
  });
