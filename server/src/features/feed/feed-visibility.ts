import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/index';
import { visibleToViewer } from '../privacy';

/**
 * THE place where the feed asks "may this viewer see this actor's activity?". Both the feed page
 * (feed.repository.ts listFeed: the caller and their friends, each kept only when this holds) and
 * the live delivery (audienceOf: the actor's friends, each kept only when this holds) read it, so
 * a rule about who sees whom changes here alone.
 *
 * `viewer` and `actor` are SQL expressions of user ids. The viewer is the actor or one of their
 * friends by the time this is asked (a block ends the friendship), so of the privacy rule
 * (privacy/visibility.ts, docs/social.md "Privacy") only this part is left: a private member's
 * activity is their own.
 */
export const mayViewerSeeActivityOf = (viewer: SQL, actor: SQL): SQL =>
  // Asked as "the actor is not one of the private members" (every actor exists: friendships and
  // activities hold their users): PostgreSQL answers it from the few members who are not public
  // (users_not_public_idx). "The actor is one of those not private" had it hash every member
  // (100,000 rows, 35 of a feed page's 41 ms: docs/feed.md).
  sql`(${viewer} = ${actor} or not exists (select 1 from ${users} where ${users.id} = ${actor} and ${users.visibility} = 'private'))`;

/**
 * An item may also name a second member beside its actor (`other`: a `friends` item's new friend),
 * who need not be the viewer's friend. Another viewer than the actor sees the item only if they
 * may see that member's activity too (the collection rule of privacy/visibility.ts: not blocked
 * either way, and public, or friends-only and their friend): a block hides each from the other,
 * and a private member's new friendship is theirs alone.
 *
 * Two forms: `mayViewerSeeNamed` for one item and many viewers (the live delivery), and
 * `namedVisibleTo` for one viewer and the few rows of a feed page (feed.repository.ts listFeed
 * leaves out the rows it is false for).
 */
export const mayViewerSeeNamed = (viewer: SQL, otherId: string): SQL =>
  sql`exists (select 1 from ${users} o where o.id = ${otherId}::uuid and ${visibleToViewer(viewer, {
    id: sql`o.id`,
    visibility: sql`o.visibility`,
  })})`;

export const namedVisibleTo = (
  viewerId: string,
  actorId: AnyPgColumn,
  other: { id: AnyPgColumn; visibility: AnyPgColumn },
): SQL<boolean> =>
  sql<boolean>`(${other.id} is null or ${actorId} = ${viewerId}::uuid or ${visibleToViewer(viewerId, other)})`;
