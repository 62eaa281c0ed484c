import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newsletterReads, newsletters } from '../../db/schema/index';
import { insertMembers } from '../../test/factories/user';
import { plansOf, scansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { countUnread, latestNewsletters } from './newsletters.repository';

// A member's read marks come from newsletter_reads_user_newsletter_idx alone (migration 0008):
// the unread count and the latest unread newsletters never visit the table for them.

let database: TestDatabase;
let me: string;
let ids: string[];
const NEWSLETTERS = 60;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  me = (await insertMembers(db, ['reads_me']))[0] as string;
  const base = Date.parse('2026-01-01T00:00:00Z');
  ids = (
    await db
      .insert(newsletters)
      .values(
        Array.from({ length: NEWSLETTERS }, (_, i) => ({
          title: `Yenilik ${i}`,
          content: 'Mətn',
          createdAt: new Date(base + i),
        })),
      )
      .returning({ id: newsletters.id })
  ).map((n) => n.id);
  // I have read the newest three and the oldest; 40 other members all of them. Enough marks that
  // the planner chooses as it would on a real install, not as on a table of a dozen rows.
  await db
    .insert(newsletterReads)
    .values([1, 2, 3, NEWSLETTERS].map((k) => ({ newsletterId: ids[NEWSLETTERS - k] as string, userId: me })));
  await insertMembers(
    db,
    Array.from({ length: 40 }, (_, i) => `reads_peer_${i}`),
  );
  await db.execute(sql`
    insert into newsletter_reads (newsletter_id, user_id)
    select n.id, u.id from newsletters n cross join users u where u.username like 'reads_peer_%'`);
  // What autovacuum does on PostgreSQL: marks the pages all-visible, which index-only scans rely on.
  await db.execute(sql`vacuum analyze newsletter_reads`);
});
afterAll(() => database.drop());

it.each([
  ['the unread count', () => countUnread(database.db, me)],
  ['the latest unread ones', () => latestNewsletters(database.db, me, 5)],
])('%s: read marks come from an index-only scan sought by the member', async (_name, run) => {
  for (const { sql: text, plan } of await plansOf(database, run)) {
    const scans = scansOf(plan, 'newsletter_reads');
    expect(scans.length, text).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type'], text).toBe('Index Only Scan');
      expect(scan['Index Name'], text).toBe('newsletter_reads_user_newsletter_idx');
      expect(scan['Index Cond'], text).toMatch(/\(user_id = /);
    }
  }
});

it('counts and lists what the member has not read, newest first', async () => {
  expect(await countUnread(database.db, me)).toBe(NEWSLETTERS - 4);
  const latest = await latestNewsletters(database.db, me, 3);
  expect(latest.map((n) => n.id)).toEqual([ids[NEWSLETTERS - 4], ids[NEWSLETTERS - 5], ids[NEWSLETTERS - 6]]);
  expect(latest.every((n) => n.isViewed === false)).toBe(true);
});
