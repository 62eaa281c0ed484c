import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets } from '../../db/schema/index';

/** All SQL about reset tokens; only SHA-256 hashes of the tokens are stored. */

export const insertReset = (db: Db, userId: string, tokenHash: string, expiresAt: Date) =>
  db.insert(passwordResets).values({ userId, tokenHash, expiresAt });

const valid = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** The user of a valid (unused, unexpired) token, without using it up. */
export const findValidReset = async (db: Db, tokenHash: string): Promise<string | undefined> =>
  (await db.select({ userId: passwordResets.userId }).from(passwordResets).where(valid(tokenHash)))[0]?.userId;

/**
 * Marks a valid (unused, unexpired) token used and returns its user id. The
 * single UPDATE ... WHERE used_at IS NULL makes a second use lose, even when concurrent.
 */
export const consumeReset = async (db: Db, tokenHash: string): Promise<string | undefined> =>
  (
    await db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(valid(tokenHash))
      .returning({ userId: passwordResets.userId })
  )[0]?.userId;

/** Drops every other outstanding token of a user once the password has been reset. */
export const deleteResetsOf = (db: Db, userId: string) =>
  db.delete(passwordResets).where(eq(passwordResets.userId, userId));
