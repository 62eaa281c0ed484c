import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activities } from '../../db/schema/index';
import { insertFriendshipsOf } from '../../test/factories/friendship';
import { insertMembers } from '../../test/factories/user';
import { plansOf, scansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listFeed } from './feed.repository';
import { decodeCursor, encodeCursor } from './feed-cursor';

// A feed page reads, for the member and each friend, only their newest items before the cursor
// from activities_actor_newest_idx (an index-only scan sought by the actor), and then the page's
// own rows by primary key: never the activity of everyone, nor all of the friends' activity
// sorted. The bench (npm run bench:feed) times it for 500 friends among 5,000,000 items.

let database: TestDatabase;
let me: string;
const FRIENDS = 12;
const PER_ACTOR = 40;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const ids = await insertMembers(
    db,
    Array.from({ length: FRIENDS + 20 }, (_, i) => `feedplan_${i}`),
  );
  me = ids[0] as string;
  const friends = ids.slice(1, FRIENDS + 1);
  await insertFriendshipsOf(db, me, friends);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = ids.flatMap((actorId, a) =>
    Array.from({ length: PER_ACTOR }, (_, i) => ({
      actorId,
      type: 'friends' as const,
      otherId: ids[(a + 1) % ids.length] as string,
      createdAt: new Date(start + (i * ids.length + a) * 1000),
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(activities).values(rows.slice(i, i + 500));
  // A community around them, so that reading every member would show.
  await insertMembers(
    db,
    Array.from({ length: 3000 }, (_, i) => `feedplan_other_${i}`),
  );
  // What autovacuum does on PostgreSQL: marks the pages all-visible, which index-only scans rely on.
  await db.execute(sql`vacuum analyze activities`);
  await db.execute(sql`vacuum analyze friendships`);
  await db.execute(sql`vacuum analyze users`);
});
afterAll(() => database.drop());

it.each([
  ['the first page', () => listFeed(database.db, me, undefined, 20)],
  [
    'a later page',
    () =>
      listFeed(
        database.db,
        me,
        decodeCursor(
          encodeCursor({ createdAt: new Date('2026-01-01T00:05:00Z'), id: '00000000-0000-4000-8000-000000000000' }),
        ),
        20,
      ),
  ],
])('%s: each actor is sought in activities_actor_newest_idx, the page read by primary key', async (_name, run) => {
  const plans = await plansOf(database, run);
  expect(plans).toHaveLength(1);
  const [{ sql: text, plan }] = plans as [(typeof plans)[number]];
  const scans = scansOf(plan, 'activities');
  const byActor = scans.filter((s) => s['Index Name'] === 'activities_actor_newest_idx');
  expect(byActor.length, text).toBe(1);
  expect(byActor[0]?.['Node Type'], text).toBe('Index Only Scan');
  expect(byActor[0]?.['Index Cond'], text).toMatch(/actor_id = /);
  for (const scan of scans.filter((s) => s !== byActor[0])) {
    expect(scan['Index Name'], text).toBe('activities_pkey');
  }
  // Whether an actor is private is read from the few members who are not public, not from all.
  expect(
    scansOf(plan, 'users').map((s) => s['Node Type']),
    text,
  ).not.toContain('Seq Scan');
});

it('pages through everything of the member and their friends, newest first, and nobody else’s', async () => {
  const seen: string[] = [];
  let cursor: ReturnType<typeof decodeCursor>;
  for (;;) {
    const rows = await listFeed(database.db, me, cursor, 50);
    seen.push(...rows.slice(0, 50).map((r) => r.id));
    if (rows.length <= 50) break;
    const last = rows[49] as { createdAt: Date; id: string };
    cursor = decodeCursor(encodeCursor(last));
  }
  expect(new Set(seen).size).toBe((FRIENDS + 1) * PER_ACTOR);
});
