import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodesOf, plansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listNewestFilms } from './films.repository';

// The admins' film list reads a page from films_created_at_idx in its own order (migration
// 0014): no sort of the whole catalogue per page.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // Many films, a batch of them made at one moment (as an import makes them): ties for id to break.
  await database.db.execute(sql`
    insert into films (title, source, created_at)
    select 'Film ' || g, 'catalogue', timestamptz '2026-01-01 00:00:00+00' + (g / 50) * interval '1 minute'
    from generate_series(1, 20000) g`);
  await database.db.execute(sql`analyze films`);
});
afterAll(() => database.drop());

it('a page of the newest films is read from films_created_at_idx, with no sort', async () => {
  const plans = await plansOf(database, () => listNewestFilms(database.db, { page: 3, limit: 20 }));
  const page = plans.filter((p) => /order by/i.test(p.sql));
  expect(page).toHaveLength(1);
  for (const { sql: text, plan } of page) {
    const nodes = nodesOf(plan);
    expect(
      nodes.map((n) => n['Index Name']),
      text,
    ).toContain('films_created_at_idx');
    expect(
      nodes.map((n) => n['Node Type']),
      text,
    ).not.toEqual(expect.arrayContaining([expect.stringMatching(/Sort|Seq Scan/)]));
  }
});

it('lists newest first, ties by id descending', async () => {
  const { rows, total } = await listNewestFilms(database.db, { page: 1, limit: 60 });
  expect(total).toBe(20000);
  const keys = rows.map((f) => [f.createdAt.getTime(), f.id] as const);
  const sorted = [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
  expect(keys).toEqual(sorted);
  expect(rows[0]?.title).toBe('Film 20000');
});
