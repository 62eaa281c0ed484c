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
const MINE = 500;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  me = (await insertMembers(db, ['plan_me']))[0] as string;
  // A long-standing collector: 500 movies, older than everyone else's, three to a minute (ties
  // for id to break), among 200 members of 100 movies each. A catalogue of that shape makes the
  // planner choose as on a real one: on a tiny table, or with few owners, reading the dates
  // backwards or sorting everything is rightly cheaper, whatever the indexes.
  // Each entry is of a film of its own (one entry per member and film): 'Mine g' and 'Theirs g'.
  await db.execute(sql`
    insert into films (title, source)
    select 'Mine ' || g, 'catalogue' from generate_series(0, ${MINE - 1}::int) g
    union all
    select 'Theirs ' || g, 'catalogue' from generate_series(1, 100) g`);
  await db.execute(sql`
    insert into movies (owner_id, film_id, status, created_at)
    select ${me}::uuid, f.id, case when g % 2 = 1 then 'watched' else 'watchlist' end,
           timestamptz '2026-01-01 00:00:00+00' + (g / 3) * interval '1 minute'
    from generate_series(0, ${MINE - 1}::int) g join films f on f.title = 'Mine ' || g`);
  await insertMembers(
    db,
    Array.from({ length: 200 }, (_, i) => `plan_peer_${i}`),
  );
  await db.execute(sql`
    insert into movies (owner_id, film_id, status, created_at)
    select u.id, f.id, case when g % 2 = 1 then 'watched' else 'watchlist' end,
           timestamptz '2026-06-01 00:00:00+00' + g * interval '1 minute'
    from users u cross join generate_series(1, 100) g join films f on f.title = 'Theirs ' || g
    where u.username like 'plan_peer_%'`);
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
    // A count may seek the narrower one-entry-per-film index, also led by the owner; the page
    // has no Sort (below), so it reads the newest-first index.
    const sought = nodes.filter((n) => n['Index Name']);
    expect(sought.length, text).toBeGreaterThan(0);
    for (const scan of sought) {
      expect(['movies_owner_newest_idx', 'movies_owner_film_key'], text).toContain(scan['Index Name']);
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
  const last = await listMoviesOf(database.db, me, { page: MINE / 20, limit: 20 });
  expect([first.total, second.total, last.total]).toEqual([MINE, MINE, MINE]);
  expect([...first.rows, ...second.rows].map((m) => m.id)).toEqual(expected.slice(0, 40));
  expect(last.rows.map((m) => m.id)).toEqual(expected.slice(-20));
});
