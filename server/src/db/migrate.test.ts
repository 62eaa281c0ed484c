import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { migrate } from './migrate';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('on an up-to-date database asks one question and changes nothing', async () => {
  const queries: string[] = [];
  const stop = database.observeQueries?.((q) => queries.push(q));
  await migrate(database);
  stop?.();
  expect(queries).toHaveLength(1);
  expect(queries[0]).toMatch(/from drizzle\.__drizzle_migrations/);
});

it('hands over to the migrator when the newest migration is not recorded', async () => {
  const newest = async () => {
    const result = (await database.db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )) as { rows: { newest: string | number }[] };
    return Number(result.rows[0]?.newest);
  };
  const recorded = await newest();
  // As if the database predated the newest migration.
  await database.db.execute(
    sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${recorded}`,
  );
  // The migrator applies it (again) and records it; a migration that cannot run twice
  // would make it throw instead. Either way it was not skipped.
  const outcome = await migrate(database).then(
    () => 'applied',
    () => 'attempted',
  );
  if (outcome === 'applied') expect(await newest()).toBe(recorded);
});
