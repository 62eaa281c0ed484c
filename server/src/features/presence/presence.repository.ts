import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema/index';

/** All SQL of presence: whose presence a user may see, and last-seen times. */

/** The ids of a user's friends: the people who receive this user's presence. */
export const friendIdsOf = async (db: Db, userId: string): Promise<string[]> => {
  const rows = await db
    .select({
      id: sql<string>`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`,
    })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
      ),
    );
  return rows.map((r) => r.id);
};

/** Marks the user as seen now; answers the stored time. */
export const touchLastSeen = async (db: Db, userId: string): Promise<Date | null> =>
  (
    await db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ at: users.lastSeenAt })
  )[0]?.at ?? null;

export const lastSeenOf = async (db: Db, userId: string): Promise<Date | null | undefined> => {
  const [row] = await db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, userId));
  return row ? row.at : undefined;
};
