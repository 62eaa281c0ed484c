import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseDown } from '../lib/db-errors';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { openPostgres } from './postgres';

// PostgreSQL restarting while a transaction holds a pooled client between two queries: the
// client's own 'error' event must not crash the process (the outage fault suite saw it do so).
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('the PostgreSQL pool', () => {
  it('survives a checked-out client losing its connection between queries, and serves on', async (ctx) => {
    if (database.kind !== 'postgres' || !database.pool) return ctx.skip();
    const pool = database.pool;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // The client is idle in our hands: the termination arrives as an 'error' event, not a query error.
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await new Promise((ended) => client.once('end', ended));
    } finally {
      await admin.end();
    }
    const next = await client.query('select 1').catch((err: unknown) => err);
    // A drizzle transaction's rollback meets exactly this; it is an outage (503), not a fault.
    expect(next).toBeInstanceOf(Error);
    expect(isDatabaseDown(new DrizzleQueryError('rollback', [], next as Error))).toBe(true);
    client.release(true);
    expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
  });

  it('gives a client back when a transaction’s begin fails, so the pool neither shrinks nor hangs at its end', async (ctx) => {
    if (database.kind !== 'postgres' || !database.url) return ctx.skip();
    const one = openPostgres(database.url, { max: 1 });
    try {
      // An isolation level PostgreSQL refuses makes `begin` itself fail, as a dropped connection does.
      const failing = one.db.transaction(async () => {}, { isolationLevel: 'bogus' as never });
      await expect(failing).rejects.toThrow();
      // With its only client lost, this would wait for a connection and time out after 5 s.
      expect((await one.pool?.query<{ one: number }>('select 1 as one'))?.rows[0]?.one).toBe(1);
    } finally {
      await one.close();
    }
  });
});
