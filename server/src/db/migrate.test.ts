import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
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

it('dates every migration of the journal after the one before it, each with its file', () => {
  // Drizzle's migrator runs only migrations newer than the newest applied one: a migration dated
  // before its predecessor (drizzle-kit dates it by the clock) would never run on an existing database.
  const { entries } = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const late = entries.filter((e, i) => i > 0 && e.when <= (entries[i - 1]?.when ?? 0)).map((e) => e.tag);
  expect(late).toEqual([]);
  expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
  expect(entries.filter((e) => !existsSync(path.join(migrationsFolder, `${e.tag}.sql`))).map((e) => e.tag)).toEqual([]);
});
