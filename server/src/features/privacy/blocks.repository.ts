import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, type FriendshipRow, friendships, users } from '../../db/schema/index';

/** All SQL of blocking (docs/social.md "Blocking"). */

/**
 * Serialises the transactions that change how two members stand towards each other (a friend
 * request and a block): each takes this lock on the unordered pair first, so a request that
 * crosses a block either commits before it (and the block deletes it) or sees the block after it.
 */
export const lockPairChanges = async (db: Db, a: string, b: string): Promise<void> => {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(least(${a}::uuid, ${b}::uuid)::text || greatest(${a}::uuid, ${b}::uuid)::text, 0))`,
  );
};

/** Adds the block unless it exists; true when it was new. */
export const insertBlock = async (db: Db, blockerId: string, blockedId: string): Promise<boolean> =>
  (await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: blocks.blockerId }))
    .length > 0;

/** Removes the block the blocker made; true when there was one. */
export const deleteBlock = async (db: Db, blockerId: string, blockedId: string): Promise<boolean> =>
  (
    await db
      .delete(blocks)
      .where(sql`${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId}`)
      .returning({ id: blocks.blockerId })
  ).length > 0;

/** Deletes the pair's friendship or pending request, whichever way it goes. */
export const deletePairRow = async (db: Db, a: string, b: string): Promise<FriendshipRow | undefined> =>
  (
    await db
      .delete(friendships)
      .where(
        sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::uuid, ${b}::uuid)
          and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::uuid, ${b}::uuid)`,
      )
      .returning()
  )[0];

/** Everyone a member has blocked, newest first. */
export const listBlocked = async (db: Db, blockerId: string) =>
  db
    .select({ id: users.id, username: users.username, avatar: users.avatar, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
