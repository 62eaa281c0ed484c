import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { friendships } from '../../db/schema/index';
import { insertMembers } from '../../test/factories/user';
import { plansOf, scansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { countIncoming, listFriends, listPending } from './friends.repository';

// The lists of people read a member's friendships from friendships_*_list_idx alone
// (migration 0006): an Index Only Scan, never the table page by page as the OR of
// (member, status) indexes made PostgreSQL do. Checked on the plans of the statements
// the repository really sends, on both engines.

let database: TestDatabase;
let me: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [mine, ...others] = (await insertMembers(
    db,
    Array.from({ length: 7 }, (_, i) => `plan_${i}`),
  )) as [string, ...string[]];
  me = mine;
  await db
    .insert(friendships)
    .values([
      ...others
        .slice(0, 2)
        .map((id) => ({ requesterId: me, addresseeId: id, status: 'accepted' as const, acceptedAt: new Date() })),
      ...others
        .slice(2, 4)
        .map((id) => ({ requesterId: id, addresseeId: me, status: 'accepted' as const, acceptedAt: new Date() })),
      { requesterId: others[4] as string, addresseeId: me },
      { requesterId: me, addresseeId: others[5] as string },
    ]);
  // What autovacuum does on PostgreSQL: marks the pages all-visible, which index-only scans rely on.
  await db.execute(sql`vacuum analyze friendships`);
});
afterAll(() => database.drop());

/** The statements `run` sends, each with the friendships scans of its plan. */
const friendshipScans = async (run: () => Promise<unknown>) =>
  (await plansOf(database, run)).map(({ sql: text, plan }) => ({ sql: text, scans: scansOf(plan, 'friendships') }));

it.each([
  ['friends', () => listFriends(database.db, me, 1, 20)],
  ['friends past the last page (the count)', () => listFriends(database.db, me, 5, 20)],
  ['incoming requests', () => listPending(database.db, me, 'incoming', 1, 1)],
  ['outgoing requests', () => listPending(database.db, me, 'outgoing', 1, 1)],
  ['the incoming count', () => countIncoming(database.db, me)],
])('%s: every friendships row comes from an index-only scan of a list index', async (_name, run) => {
  for (const { sql: text, scans } of await friendshipScans(run)) {
    expect(scans.length, text).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type'], text).toBe('Index Only Scan');
      expect(scan['Index Name'], text).toMatch(/^friendships_(requester|addressee)_list_idx$/);
      // Sought by the member, not the whole index read and filtered.
      expect(scan['Index Cond'], text).toMatch(/\((requester|addressee)_id = /);
    }
  }
});

it('lists the same friends and totals as before, either side of the friendship', async () => {
  const { rows, total } = await listFriends(database.db, me, 1, 20);
  expect(total).toBe(4);
  expect(rows.map((r) => r.username)).toEqual(['plan_1', 'plan_2', 'plan_3', 'plan_4']);
  expect(rows.every((r) => r.since instanceof Date && typeof r.friendshipId === 'string')).toBe(true);
  expect(await listFriends(database.db, me, 2, 3)).toMatchObject({ total: 4, rows: [{ username: 'plan_4' }] });
});
