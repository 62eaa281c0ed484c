import { type SQL, sql } from 'drizzle-orm';

/**
 * THE place where the feed asks "may this viewer see this actor's activity?". Both the feed page
 * (feed.repository.ts listFeed: the caller and their friends, each kept only when this holds) and
 * the live delivery (audienceOf: the actor's friends, each kept only when this holds) read it, so
 * a rule about who sees whom (a member's visibility, a block) changes here alone.
 *
 * `viewer` and `actor` are SQL expressions of user ids. The viewer is the actor or one of their
 * friends by the time this is asked; today every such pair may.
 */
export const mayViewerSeeActivityOf = (_viewer: SQL, _actor: SQL): SQL => sql`true`;
