import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { withNamedStatements } from './pglite-statements';
import type { Listener, ListenHandlers } from './postgres-listener';
import * as schema from './schema/index';
import { queriesInTurns } from './turns';

export type Schema = typeof schema;
/** The query builder, the same type over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A database handle with what the app needs beyond queries. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The pg pool, on PostgreSQL only (migrations take a dedicated connection from it). */
  pool?: pg.Pool;
  /**
   * LISTENs on a channel of NOTIFY messages, on PostgreSQL only (db/postgres-listener.ts). PGlite
   * is one process per data folder, so every change is made by the process that reads it.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls fn with the SQL and parameters of every statement issued through Drizzle until
   * the returned function is called (tests count queries per request, and read plans, with it).
   */
  observeQueries?(fn: (sql: string, params: unknown[]) => void): () => void;
}

/** A Drizzle logger that does nothing until a test observes queries. */
export function queryObservers() {
  const observers = new Set<(sql: string, params: unknown[]) => void>();
  return {
    logger: {
      logQuery(query: string, params: unknown[]) {
        for (const fn of observers) fn(query, params);
      },
    },
    observeQueries(fn: (sql: string, params: unknown[]) => void) {
      observers.add(fn);
      return () => {
        observers.delete(fn);
      };
    },
  };
}

/**
 * Session settings every connection gets. Search matches a word when its trigram
 * word similarity reaches 0.45: the default 0.6 misses one-letter typos in short words.
 */
export const TRGM_WORD_THRESHOLD = 0.45;
const SESSION_SETUP = `set pg_trgm.word_similarity_threshold = ${TRGM_WORD_THRESHOLD}`;

/** PGlite must be opened with the same extensions every time, or their objects break. */
export const pgliteExtensions = { pg_trgm };

/** Opens PGlite: a data folder, or in memory from a dumped data folder (tests). */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = await PGlite.create({ ...opts, extensions: pgliteExtensions });
  await client.exec(SESSION_SETUP);
  const { logger, observeQueries } = queryObservers();
  const db = drizzlePglite({ client: queriesInTurns(withNamedStatements(client)), schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    observeQueries,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
