import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Reading a member's data a page at a time for the exports (docs/import-export.md): each page
 * starts after the last row of the one before (a keyset), so a member with 20,000 entries costs
 * one page in memory, and each page is read from an index in the export's order.
 */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Rows per page. */
export const EXPORT_PAGE = 500;

/** Where a page ended: the sort key as PostgreSQL's text (JavaScript's Date drops microseconds) and the id. */
export interface Cursor {
  at: string;
  id: string;
}

export interface EntryExportRow {
  id: string;
  film_id: string;
  title: string;
  year: number | null;
  director: string | null;
  directors: string[];
  genres: string[];
  imdb_id: string | null;
  status: 'watched' | 'watchlist';
  rating: number | null;
  watched_at: string | null;
  created_at: string;
  updated_at: string;
  cursor_at: string;
}

/** One page of a member's entries, newest first (movies_owner_newest_idx), with their films' ids and directors. */
export const entriesPage = async (db: Db, ownerId: string, after?: Cursor): Promise<EntryExportRow[]> =>
  rowsOf<EntryExportRow>(
    await db.execute(sql`
      select m.id, m.film_id, m.title, m.year, m.director, f.directors, m.genres, f.imdb_id, m.status, m.rating,
        m.watched_at, m.created_at, m.updated_at, m.created_at::text as cursor_at
      from movies m join films f on f.id = m.film_id
      where m.owner_id = ${ownerId}
        ${after ? sql`and (m.created_at, m.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by m.created_at desc, m.id desc
      limit ${EXPORT_PAGE}`),
  );

export interface CommentExportRow {
  id: string;
  film_id: string;
  film_title: string;
  movie_id: string | null;
  text: string;
  status: string;
  created_at: string;
  cursor_at: string;
}

/** One page of the comments a member wrote, oldest first. */
export const commentsPage = async (db: Db, authorId: string, after?: Cursor): Promise<CommentExportRow[]> =>
  rowsOf<CommentExportRow>(
    await db.execute(sql`
      select c.id, c.film_id, f.title as film_title, c.movie_id, c.text, c.status, c.created_at,
        c.created_at::text as cursor_at
      from comments c join films f on f.id = c.film_id
      where c.author_id = ${authorId}
        ${after ? sql`and (c.created_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by c.created_at, c.id
      limit ${EXPORT_PAGE}`),
  );

export interface FriendExportRow {
  id: string;
  user_id: string;
  username: string;
  status: 'pending' | 'accepted';
  /** Who asked: `me` or `them`. */
  requested_by: 'me' | 'them';
  created_at: string;
  accepted_at: string | null;
}

/** One page of a member's friendships and pending requests both ways, by the friendship's id. */
export const friendsPage = async (db: Db, userId: string, after?: Cursor): Promise<FriendExportRow[]> =>
  rowsOf<FriendExportRow>(
    await db.execute(sql`
      select * from (
        select fr.id, u.id as user_id, u.username, fr.status, 'me' as requested_by, fr.created_at, fr.accepted_at
        from friendships fr join users u on u.id = fr.addressee_id
        where fr.requester_id = ${userId} ${after ? sql`and fr.id > ${after.id}::uuid` : sql``}
        union all
        select fr.id, u.id, u.username, fr.status, 'them', fr.created_at, fr.accepted_at
        from friendships fr join users u on u.id = fr.requester_id
        where fr.addressee_id = ${userId} ${after ? sql`and fr.id > ${after.id}::uuid` : sql``}
      ) x
      order by id
      limit ${EXPORT_PAGE}`),
  );

export interface MessageExportRow {
  id: string;
  /** The other person of the conversation. */
  user_id: string;
  username: string;
  from_me: boolean;
  text: string | null;
  film_id: string | null;
  created_at: string;
  read_at: string | null;
}

/** One page of the messages a member sent or received, by the message's id. */
export const messagesPage = async (db: Db, userId: string, after?: Cursor): Promise<MessageExportRow[]> =>
  rowsOf<MessageExportRow>(
    await db.execute(sql`
      select * from (
        select m.id, u.id as user_id, u.username, true as from_me, m.text, m.film_id, m.created_at, m.read_at
        from messages m join users u on u.id = m.recipient_id
        where m.sender_id = ${userId} ${after ? sql`and m.id > ${after.id}::uuid` : sql``}
        union all
        select m.id, u.id, u.username, false, m.text, m.film_id, m.created_at, m.read_at
        from messages m join users u on u.id = m.sender_id
        where m.recipient_id = ${userId} ${after ? sql`and m.id > ${after.id}::uuid` : sql``}
      ) x
      order by id
      limit ${EXPORT_PAGE}`),
  );

/** Every row of a paged reader, a page at a time. */
export async function* keyset<T extends { id: string; cursor_at?: string }>(
  page: (after?: Cursor) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1) as T;
    after = { at: last.cursor_at ?? '', id: last.id };
  }
}
