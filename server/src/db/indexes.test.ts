import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

// Migration 0005: a GIN pending list makes the write that finds it full merge it, a stall of
// seconds that on PGlite holds up every queued request. Every GIN index must go without.
it('has no GIN index with a pending list', async () => {
  const res = await database.db.execute(sql`
    select c.relname as name, c.reloptions as options
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    where am.amname = 'gin' and c.relnamespace = 'public'::regnamespace`);
  const gin = (res as unknown as { rows: { name: string; options: string[] | null }[] }).rows;
  expect(gin.map((r) => r.name).sort()).toEqual([
    'films_search_fts_idx',
    'movies_search_fts_idx',
    'search_words_trgm_idx',
    'users_email_trgm_idx',
    'users_username_trgm_idx',
  ]);
  // PostgreSQL keeps the option as written: off in the migration, false from drizzle-kit.
  for (const r of gin)
    expect(
      r.options?.some((o) => /^fastupdate=(off|false)$/.test(o)),
      r.name,
    ).toBe(true);
});
