import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, queryObservers, TRGM_WORD_THRESHOLD } from './client';
import { createPostgresListener } from './postgres-listener';
import * as schema from './schema/index';

// Apart from client.ts so that a start on PGlite never loads pg (open.ts imports this module
// only when DATABASE_URL is set).

const isBegin = (query: unknown): boolean =>
  /^\s*begin\b/i.test(typeof query === 'string' ? query : (((query as { text?: unknown })?.text as string) ?? ''));

/**
 * drizzle's transaction() checks a client out of the pool and sends `begin` before its
 * try/finally, so a `begin` that fails (the connection dropped just as the transaction started)
 * never gives the client back: the pool is one smaller for good, and pool.end() waits for it at
 * shutdown. Here a failed `begin` releases the client as broken (the pool drops it); a later
 * release of the same checkout is then a no-op.
 */
function releaseOnFailedBegin(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise) || !isBegin(args[0])) return result;
    return result.catch((err: Error) => {
      const release = client.release;
      if (typeof release === 'function') {
        client.release = () => {};
        release(err);
      }
      throw err;
    });
  }) as typeof client.query;
}

/** Opens a pool on a PostgreSQL server. */
export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const connection: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: 5000,
    // Set at connection start-up, so every pooled connection has them before its first query.
    // No JIT: the app's queries run in milliseconds, and a plan whose estimate passed
    // jit_above_cost spent 180 ms compiling before it ran (docs/architecture.md).
    options: `-c pg_trgm.word_similarity_threshold=${TRGM_WORD_THRESHOLD} -c jit=off`,
  };
  const pool = new pg.Pool({ ...connection, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  // A checked-out client losing its connection between two queries (a transaction awaiting other
  // work while PostgreSQL restarts) emits on the client itself, where the pool listens no longer.
  // Its next query fails with a connection error, answered 503, and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    releaseOnFailedBegin(client as pg.PoolClient);
  });
  // One LISTEN connection for every channel the process follows, opened with the first.
  const listener = createPostgresListener(connection);
  const { logger, observeQueries } = queryObservers();
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    observeQueries,
    pool,
    listen: (channel, handlers) => listener.listen(channel, handlers),
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
