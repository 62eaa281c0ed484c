import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite } from '../db/client';
import { openPostgres } from '../db/postgres';

/** A database of this test file's own, already migrated; `drop` removes it. */
export interface TestDatabase extends Database {
  drop(): Promise<void>;
  /** The connection URL, on PostgreSQL (for a second process on the same database). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([await readFile(source.dump)]) });
    return { ...database, drop: () => database.close() };
  }
  const name = `kinodost_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
