import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite } from './client';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';

/** Opens the configured database (PostgreSQL, else PGlite in DATA_DIR/db, locked) and migrates it. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    // Loaded only here: a start on PGlite has no use for pg.
    const { openPostgres } = await import('./postgres');
    const database = openPostgres(config.databaseUrl);
    await migrate(database);
    return database;
  }
  const dir = path.join(config.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: dir });
    await migrate(database);
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
