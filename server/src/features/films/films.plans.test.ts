import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodesOf, type PlanNode, plansOf } from '../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listNewestFilms, searchFilms } from './films.repository';

// The admins' film list reads a page from films_created_at_idx in its own order (migration
// 0014): no sort of the whole catalogue per page. Film search's title likeness is computed once
// per distinct title.

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

it("film search computes a title's likeness once per title, not once per hit", async () => {
  const plans = await plansOf(database, () => searchFilms(database.db, 'film', { page: 1, limit: 10 }));
  const first = plans.find((p) => /likeness/.test(p.sql));
  expect(first).toBeDefined();
  // Inlined, the likeness CTE's similarity() moved above its join with the hits and ran per hit
  // (docs/benchmarks.md, "Search under load: where the time goes"); kept, it is a CTE scan.
  const nodes = nodesOf(first?.plan as PlanNode);
  expect(nodes.filter((n) => n['Node Type'] === 'CTE Scan').map((n) => n['CTE Name'])).toContain('likeness');
});
