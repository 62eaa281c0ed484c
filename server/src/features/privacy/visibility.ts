import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blocks, friendships, users, type Visibility } from '../../db/schema/index';

/**
 * The one rule of who may see what of a member (docs/social.md "Privacy"), in two forms that
 * must agree: `maySee` for code that already knows how viewer and owner stand, and
 * `visibleToViewer` for queries that list other members' things (collections, entries on a film
 * page, activity). The privacy matrix test (privacy.matrix.test.ts) checks both against each other.
 *
 * - collection (entries, activity): the owner; anyone when public; friends when friends-only;
 *   nobody else when private.
 * - presence (online, last seen): the owner; friends; other members when public; never visitors.
 * - a block (either way) hides both from each other, whatever the visibility.
 */

/** How a viewer stands towards a member. */
export type Relation = 'owner' | 'friend' | 'member' | 'blocked' | 'visitor';
/** What of a member is shown. */
export type Subject = 'collection' | 'presence';

/** May a viewer standing in `relation` to a member with `visibility` see their `subject`? */
export function maySee(relation: Relation, visibility: Visibility, subject: Subject): boolean {
  switch (relation) {
    case 'owner':
      return true;
    case 'blocked':
      return false;
    case 'visitor':
      return subject === 'collection' && visibility === 'public';
    case 'friend':
      return subject === 'presence' || visibility !== 'private';
    case 'member':
      return visibility === 'public';
  }
}

type Operand = AnyPgColumn | SQL;

/** True when a block row exists between the two, either way. */
export const blockedBetween = (a: Operand | string, b: Operand | string): SQL =>
  sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b})
    or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;

/** True when the two are friends (an accepted row of the pair, read through friendships_pair_key). */
export const friendsBetween = (a: Operand | string, b: Operand | string): SQL =>
  sql`exists (select 1 from ${friendships} where ${friendships.status} = 'accepted'
    and least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::uuid, ${b}::uuid)
    and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::uuid, ${b}::uuid))`;

/**
 * The SQL form of `maySee`: a predicate that is true when `viewerId` (null for a visitor) may see
 * the `subject` of the member whose id and visibility are `owner.id` and `owner.visibility`
 * (usually `users.id` and `users.visibility` of a joined owner row, or a lateral alias).
 */
export function visibleToViewer(
  viewerId: string | Placeholder | SQL | null,
  owner: { id: Operand; visibility: Operand },
  subject: Subject = 'collection',
): SQL {
  if (viewerId === null) return subject === 'collection' ? sql`${owner.visibility} = 'public'` : sql`false`;
  const viewer = sql`${viewerId}::uuid`;
  const byVisibility =
    subject === 'presence'
      ? sql`(${owner.visibility} = 'public' or ${friendsBetween(viewer, owner.id)})`
      : sql`(${owner.visibility} = 'public' or (${owner.visibility} = 'friends' and ${friendsBetween(viewer, owner.id)}))`;
  return sql`(${owner.id} = ${viewer} or (not ${blockedBetween(viewer, owner.id)} and ${byVisibility}))`;
}

/** How `viewerId` (null: a visitor) stands towards `ownerId`, read from the database. */
export async function relationOf(db: Db, viewerId: string | null, ownerId: string): Promise<Relation> {
  if (viewerId === null) return 'visitor';
  if (viewerId === ownerId) return 'owner';
  const [row] = await db
    .select({
      blocked: sql<boolean>`${blockedBetween(sql`${viewerId}::uuid`, sql`${ownerId}::uuid`)}`,
      friend: sql<boolean>`${friendsBetween(viewerId, ownerId)}`,
    })
    .from(sql`(select 1) as one`);
  if (row?.blocked) return 'blocked';
  return row?.friend ? 'friend' : 'member';
}

/** Whether `viewerId` may see `subject` of the member `owner`. */
export async function mayViewerSee(
  db: Db,
  viewerId: string | null,
  owner: { id: string; visibility: Visibility },
  subject: Subject,
): Promise<boolean> {
  // A visitor or a public collection needs no query.
  if (viewerId === null || viewerId === owner.id)
    return maySee(viewerId ? 'owner' : 'visitor', owner.visibility, subject);
  if (subject === 'collection' && owner.visibility === 'private') return false;
  return maySee(await relationOf(db, viewerId, owner.id), owner.visibility, subject);
}

/**
 * The members whose collection `viewerId` may not see although they exist: the few who are not
 * public (users_not_public_idx) and those blocked either way. A search over everyone's movies
 * leaves their entries out by this list rather than joining every hit to its owner.
 */
export async function hiddenOwnersFor(db: Db, viewerId: string | null): Promise<string[]> {
  // Each part reads an index: one condition over every member (not public, or blocked either
  // way) made PostgreSQL read all of them, 100,000 rows for every search.
  const notPublic = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.visibility} <> 'public'`,
        sql`not ${visibleToViewer(viewerId, { id: users.id, visibility: users.visibility })}`,
      ),
    );
  if (viewerId === null) return (await notPublic).map((r) => r.id);
  const rows = await union(
    notPublic,
    db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewerId)),
    db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewerId)),
  );
  return rows.map((r) => r.id);
}

/** Who blocked whom between `a` and `b`: `a` when `a` did (even if both did), else `b` when `b` did. */
export async function blockerBetween(db: Db, a: string, b: string): Promise<string | undefined> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .orderBy(sql`${blocks.blockerId} = ${a} desc`)
    .limit(1);
  return row?.blockerId;
}

/** Whether `a` and `b` have a block between them, either way. */
export const isBlockedBetween = async (db: Db, a: string, b: string): Promise<boolean> =>
  (await blockerBetween(db, a, b)) !== undefined;
