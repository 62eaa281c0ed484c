import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { movies } from '../../db/schema/index';
import { insertMembers } from '../../test/factories/user';
import { nodesOf, plansOf, scansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listMoviesOf } from './movies.repository';

// A member's movies are read from movies_owner_newest_idx in the list's own order (migration
// 0007): sought by the owner, never sorted. The old index matched neither the order of
// created_at (its NULLS LAST is not DESC's NULLS FIRST) nor of id, so every page sorted all of
// the member's movies, or walked the whole catalogue's created_at index backwards.

let database: TestDatabase;
let me: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [mine, other] = await insertMembers(db, ['plan_me', 'plan_other']);
  me = mine as string;
  const base = Date.parse('2026-01-01T00:00:00Z');
  await db.insert(movies).values([
    // Mine are older than everyone else's, as a long-standing collector's are.
    ...Array.from({ length: 30 }, (_, i) => ({
      ownerId: me,
      title: `Mine ${i}`,
      status: i % 2 ? ('watched' as const) : ('watchlist' as const),
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    })),
    ...Array.from({ length: 30 }, (_, i) => ({
      ownerId: other as string,
      title: `Theirs ${i}`,
      createdAt: new Date(base + 1e9 + i),
    })),
  ]);
  await db.execute(sql`analyze movies`);
});
afterAll(() => database.drop());

it.each([
  ['a first page', () => listMoviesOf(database.db, me, { page: 1, limit: 20 })],
  ['a later page (and the count of a full first one)', () => listMoviesOf(database.db, me, { page: 2, limit: 10 })],
  ['the watched ones', () => listMoviesOf(database.db, me, { page: 1, limit: 5, status: 'watched' })],
])('%s: read from the owner index in the list order, with no sort', async (_name, run) => {
  for (const { sql: text, plan } of await plansOf(database, run)) {
    const nodes = nodesOf(plan);
    // The page is an index scan, a count may be a bitmap one: either names the index it seeks.
    const sought = nodes.filter((n) => n['Index Name']?.startsWith('movies_'));
    expect(sought.length, text).toBeGreaterThan(0);
    for (const scan of sought) {
      expect(scan['Index Name'], text).toBe('movies_owner_newest_idx');
      expect(scan['Index Cond'], text).toMatch(/\(owner_id = /);
    }
    expect(scansOf(plan, 'movies').length, text).toBeGreaterThan(0);
    expect(
      nodes.map((n) => n['Node Type']),
      text,
    ).not.toEqual(expect.arrayContaining([expect.stringMatching(/Sort|Seq Scan/)]));
  }
});

it('lists newest first, ties by id descending, the total with the page', async () => {
  const all = await database.db
    .select({ id: movies.id, createdAt: movies.createdAt })
    .from(movies)
    .where(sql`${movies.ownerId} = ${me}`);
  const expected = all
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((m) => m.id);
  const first = await listMoviesOf(database.db, me, { page: 1, limit: 20 });
  const second = await listMoviesOf(database.db, me, { page: 2, limit: 20 });
  expect(first.total).toBe(30);
  expect(second.total).toBe(30);
  expect([...first.rows, ...second.rows].map((m) => m.id)).toEqual(expected);
});
