import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths';
import type { Database, Db, Schema } from './client';
import { refreshUsernameKeys } from './username-keys';

/** Arbitrary constant naming the migration lock. */
const MIGRATION_LOCK_KEY = 727274;

/**
 * True when the database already has the newest migration of the journal, by the rule
 * Drizzle's migrator applies (a migration is pending when it is newer than the newest
 * applied one): one query, where the migrator reads and hashes every migration file and
 * creates its schema and table if missing before the same comparison. False when unsure.
 */
async function upToDate(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const result = (await database.db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as { rows: { created_at: string | number }[] };
    const applied = result.rows[0]?.created_at;
    return applied !== undefined && Number(applied) >= newest;
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/**
 * Applies pending migrations (at every start; most starts find none, which one query
 * tells). Drizzle's migrator takes no lock, so on PostgreSQL several processes starting
 * at once serialise on a session advisory lock held on one dedicated connection.
 * Data that SQL cannot compute is written after the SQL files, under the same lock
 * (usernames' look-alike keys, migrations 0010 and 0024).
 */
export async function migrate(database: Database): Promise<void> {
  if (await upToDate(database)) return;
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    await refreshUsernameKeys(database.db);
    return;
  }
  // Loaded only here: a start on PGlite has no use for pg's driver.
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const locked = drizzlePg({ client });
      await migratePg(locked, { migrationsFolder });
      await refreshUsernameKeys(locked as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
