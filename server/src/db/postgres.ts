import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, queryObservers, TRGM_WORD_THRESHOLD } from './client';
import * as schema from './schema/index';

// Apart from client.ts so that a start on PGlite never loads pg (open.ts imports this module
// only when DATABASE_URL is set).

/** Opens a pool on a PostgreSQL server. */
export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Set at connection start-up, so every pooled connection has it before its first query.
    options: `-c pg_trgm.word_similarity_threshold=${TRGM_WORD_THRESHOLD}`,
  });
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  // A checked-out client losing its connection between two queries (a transaction awaiting other
  // work while PostgreSQL restarts) emits on the client itself, where the pool listens no longer.
  // Its next query fails with a connection error, answered 503, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const { logger, observeQueries } = queryObservers();
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    observeQueries,
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
