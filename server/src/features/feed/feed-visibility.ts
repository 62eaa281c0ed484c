import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';

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
