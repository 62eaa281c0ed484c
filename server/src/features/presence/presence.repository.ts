import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema/index';
import { visibleToViewer } from '../privacy';

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

/**
 * A member's last seen as `viewerId` may know it: undefined when there is no such member or the
 * viewer may not see their presence (features/privacy/visibility.ts), so nothing is answered.
 */
export const lastSeenFor = async (
  db: Db,
  viewerId: string,
  userId: string,
): Promise<{ at: Date | null } | undefined> => {
  const [row] = await db
    .select({ at: users.lastSeenAt })
    .from(users)
    .where(
      and(eq(users.id, userId), visibleToViewer(viewerId, { id: users.id, visibility: users.visibility }, 'presence')),
    );
  return row;
};

/** The member's visibility, or undefined when there is no such member. */
export const visibilityOf = async (db: Db, userId: string) =>
  (await db.select({ visibility: users.visibility }).from(users).where(eq(users.id, userId)))[0]?.visibility;
