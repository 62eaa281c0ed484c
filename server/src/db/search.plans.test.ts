import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchFilms } from '../features/films/films.repository';
import { searchMovies } from '../features/movies/movies.repository';
import { insertMembers } from '../test/factories/user';
import { nodesOf, plansOf } from '../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

// A search with hits reads each hit from the heap once: its first statement counts the hits and
// picks the page from the same rows, and the second reads only the page by id. Counting and then
// paging from the search index again read every hit twice, which was most of a search's time
// over a million movies (docs/benchmarks.md, "Search under load").

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const owners = await insertMembers(
    db,
    Array.from({ length: 40 }, (_, i) => `axtaran_${i}`),
  );
  // 200 films, 40 of them named "Gizli bağ", each in five members' collections: 40 film hits
  // and 200 movie hits, under both caps, among 1,000 entries.
  await db.execute(sql`
    insert into films (title, year, source)
    select case when g % 5 = 0 then 'Gizli bağ ' || g else 'Uzaq sahil ' || g end, 1990 + g % 30, 'catalogue'
    from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into movies (owner_id, film_id, status)
    select o.id, f.id, 'watched'
    from films f cross join lateral (
      select id from users where id = any(${`{${owners.join(',')}}`}::uuid[])
      order by md5(f.id::text || users.id::text) limit 5) o`);
  await db.execute(sql`analyze films`);
  await db.execute(sql`analyze movies`);
});
afterAll(() => database.drop());

it.each([
  [
    'movie search',
    () => searchMovies(database.db, 'gizli bag', { page: 1, limit: 20 }),
    200,
    20,
    'movies_search_fts_idx',
  ],
  ['film search', () => searchFilms(database.db, 'gizli bag', { page: 1, limit: 10 }), 40, 10, 'films_search_fts_idx'],
] as const)(
  '%s: two statements, the hits read from the search index once',
  async (_name, search, total, shown, index) => {
    const found = await search();
    expect(found.total).toBe(total);
    expect(found.rows).toHaveLength(shown);
    const plans = await plansOf(database, search);
    expect(plans).toHaveLength(2);
    expect(plans.flatMap(({ plan }) => nodesOf(plan)).filter((n) => n['Index Name'] === index)).toHaveLength(1);
  },
);

// Past the count's cap, the newest page is found by walking the date index when hits are dense
// and by sorting every hit when they are rare among many movies (movies.repository.ts
// sortHitsBeforeWalking); both answer the same page. The table's size is what the statistics
// say, so a large catalogue is stood for by its row estimate.
it('a query past the cap walks the date index among few movies and sorts its hits among many', async () => {
  const db = database.db;
  const [owner] = await insertMembers(db, ['genis_axtaran']);
  await db.execute(
    sql`insert into films (title, source) select 'Ulduzlu gecə ' || g, 'catalogue' from generate_series(1, 1005) g`,
  );
  await db.execute(sql`
    insert into movies (owner_id, film_id, status, created_at)
    select ${owner}::uuid, f.id, 'watched', now() - (g || ' minutes')::interval
    from generate_series(1, 1005) g join films f on f.title = 'Ulduzlu gecə ' || g`);
  await db.execute(sql`analyze movies`);
  const search = () => searchMovies(db, 'ulduzlu', { page: 2, limit: 5 });
  const newest = Array.from({ length: 5 }, (_, i) => `Ulduzlu gecə ${6 + i}`);
  const walksDateIndex = async () =>
    (await plansOf(database, search))
      .flatMap(({ plan }) => nodesOf(plan))
      .some((n) => n['Index Name'] === 'movies_created_at_idx');

  const walked = await search();
  expect(walked.total).toBe(1000);
  expect(walked.rows.map((m) => m.title)).toEqual(newest);
  expect(await walksDateIndex()).toBe(true);

  await db.execute(sql`update pg_class set reltuples = 100000000 where oid = 'movies'::regclass`);
  const sorted = await search();
  expect(sorted.rows.map((m) => m.title)).toEqual(newest);
  expect(await walksDateIndex()).toBe(false);
});
