import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { BadRequestError, ConflictError, UnprocessableError } from './errors';
import { msg } from './messages';

/**
 * Keys and first answers of POSTs sent with an `Idempotency-Key` (docs/reliability.md
 * "Rolling restart"). The first request claims its key with a row before it runs; a repeat finds
 * the row, waits while the first still runs, then gets its answer. The row is written before
 * the handler runs, so a repeat can never run the handler a second time beside the first, also
 * not on another process; the price is that a process killed mid-request leaves its row
 * unanswered, and a repeat of that one gets 409 (was it done? only the data can tell).
 */

export const MAX_KEY_LENGTH = 200;
/** How long a first answer is kept and answered again. */
export const KEY_LIFETIME = '24 hours';
/** How long a repeat waits for the first request to answer before it gives up with 409. */
export const WAIT_MS = 10_000;
const POLL_MS = 100;

/** The HMAC and AES keys, derived from JWT_SECRET (which every process of an install shares). */
export interface IdempotencySecrets {
  mac: Buffer;
  cipher: Buffer;
}

export function idempotencySecrets(jwtSecret: string): IdempotencySecrets {
  const bytes = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'kinodost idempotency keys', 64));
  return { mac: bytes.subarray(0, 32), cipher: bytes.subarray(32) };
}

/**
 * What makes two requests the same: method, URL and body. An HMAC, not a plain hash: a
 * registration's body holds a password, and a fast unkeyed hash of it would be a weak password
 * hash at rest.
 */
export function fingerprint(secrets: IdempotencySecrets, parts: string[]): string {
  const mac = createHmac('sha256', secrets.mac);
  for (const part of parts) mac.update(`${part.length}:${part}`);
  return mac.digest('base64url');
}

/** Answers are kept encrypted (AES-256-GCM): a registration's answer is a live session token. */
export function seal(secrets: IdempotencySecrets, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secrets.cipher, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

export function unseal(secrets: IdempotencySecrets, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secrets.cipher, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** The `Idempotency-Key` header's value, or 400 when it is empty or too long. */
export function keyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new BadRequestError(msg.idempotency.badKey);
  return key;
}

export interface KeyRef {
  /** The member's id, or '' for a visitor. */
  scope: string;
  key: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'answered'; status: number; body: string };

/**
 * Claims `ref` for a request with this fingerprint, or waits for the answer of the request that
 * holds it. A row older than KEY_LIFETIME counts as absent (the purge may not have run yet).
 * A first request that ends without a kept answer (5xx) gives its key back; a waiting repeat
 * then claims it and runs.
 */
export async function claim(db: Db, ref: KeyRef, print: string, waitMs = WAIT_MS): Promise<Claim> {
  const until = Date.now() + waitMs;
  for (;;) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...ref, fingerprint: print })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { fingerprint: print, status: null, body: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}::interval`,
      })
      .returning({ scope: idempotencyKeys.scope });
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = await db
      .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(matches(ref));
    if (!row) continue; // given back between the two statements: claim again
    // 422, as the IETF's Idempotency-Key draft asks of a key reused with another request.
    if (row.fingerprint !== print) throw new UnprocessableError(msg.idempotency.otherRequest);
    if (row.status !== null) return { kind: 'answered', status: row.status, body: row.body ?? '' };
    if (Date.now() >= until) throw new ConflictError(msg.idempotency.inProgress);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const matches = (ref: KeyRef) => and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key));

/** Keeps the first request's answer (already sealed). */
export async function keepAnswer(db: Db, ref: KeyRef, status: number, sealedBody: string): Promise<void> {
  await db.update(idempotencyKeys).set({ status, body: sealedBody }).where(matches(ref));
}

/** Gives the key back: the first request ended without an answer worth repeating. */
export async function release(db: Db, ref: KeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(matches(ref));
}

/** Removes keys past their lifetime; returns how many. */
export async function purgeExpired(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}::interval`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
