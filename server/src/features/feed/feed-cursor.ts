import { plausibleInstant } from '../../lib/dates';
import { ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';

/**
 * Keyset cursors of the feed and the notifications: the last row's time (milliseconds, the
 * precision those tables keep) and id, as base64url. Opaque to clients, so its shape can change
 * without breaking them; a cursor that does not decode to exactly that is a 400.
 */
export interface Cursor {
  at: Date;
  id: string;
}

const SHAPE = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeCursor = (row: { createdAt: Date; id: string }): string =>
  Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');

/** The cursor of `before`, or undefined for the first page; 400 (field `before`) when malformed. */
export function decodeCursor(before: string | undefined): Cursor | undefined {
  if (before === undefined) return undefined;
  const bad = () => new ValidationError(msg.feed.badCursor, { before: msg.feed.badCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(before)) throw bad();
  const match = SHAPE.exec(Buffer.from(before, 'base64url').toString('latin1'));
  if (!match) throw bad();
  const at = new Date(Number(match[1]));
  // A time the database's timestamps hold, too: past year 9999 PostgreSQL refuses it.
  if (Number.isNaN(at.getTime()) || !plausibleInstant(at.toISOString())) throw bad();
  return { at, id: match[2] as string };
}

/** A page of `limit` from `limit + 1` rows read: the rows and the cursor of the next page. */
export function keysetPage<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
