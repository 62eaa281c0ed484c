import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../db/client';
import { startApp, stopApp } from './support/app-process';
import { type BurstLog, emptyBurstLog, seedMembers, writeBurst } from './support/burst';
import { call } from './support/http';
import { checkIntegrity, type Query } from './support/integrity';
import { type PrivatePostgres, startPrivatePostgres } from './support/postgres';
import { tempDir, waitUntil } from './support/wait';

// kill -9 in the middle of a burst of writes, then a restart on the same database:
// every record is whole and every write that was confirmed is there.
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** Seeds members, starts the burst, SIGKILLs the app once every kind of write was confirmed, restarts it. */
async function killMidBurst(env: Record<string, string>) {
  const first = await startApp(env);
  cleanups.push(() => stopApp(first, 'SIGKILL'));
  const seeded = await seedMembers(first.url, 8);
  const log = emptyBurstLog();
  let stop = false;
  const burst = writeBurst(first.url, seeded, log, () => stop);
  await waitUntil(
    'confirmed writes of every kind',
    async () =>
      log.members.confirmed.length >= 2 &&
      log.accepts.confirmed.length >= 3 &&
      log.creates.confirmed.length >= 20 &&
      log.edits.length >= 5,
    60_000,
    10,
  );
  first.child.kill('SIGKILL');
  const end = await first.exited;
  stop = true;
  await burst;
  expect(end.signal).toBe('SIGKILL');

  // Restart on the same database (and port): it opens, migrates, and serves the accounts.
  const second = await startApp({ ...env, PORT: String(first.port) });
  cleanups.push(() => stopApp(second, 'SIGKILL'));
  expect((await call(second.url, 'GET', '/api/ready')).status).toBe(200);
  for (const m of [...seeded, ...log.members.confirmed]) {
    const login = await call(second.url, 'POST', '/api/auth/login', {
      body: { username: m.username, password: m.password },
    });
    expect(login.status, m.username).toBe(200);
  }
  // The tokens issued before the crash still work: the members' data is theirs.
  for (const m of log.members.confirmed) {
    expect((await call(second.url, 'GET', '/api/movies', { token: m.token })).status).toBe(200);
  }
  return { second, seeded, log };
}

function report(backend: string, log: BurstLog, tally: Awaited<ReturnType<typeof checkIntegrity>>) {
  const inFlight =
    log.members.unanswered.length +
    log.requests.unanswered.length +
    log.accepts.unanswered.length +
    log.creates.unanswered.length +
    log.edits.filter((e) => e.answer.status === 0).length;
  console.info(
    `SIGKILL on ${backend}: confirmed ${log.members.confirmed.length} registrations, ${log.requests.confirmed.length} requests, ` +
      `${log.accepts.confirmed.length} accepts, ${log.creates.confirmed.length} creates, ` +
      `${log.edits.filter((e) => e.answer.status === 200).length} edits; ${inFlight} in flight, ` +
      `${tally.inFlightStored} of them stored; after restart ${tally.users} users, ${tally.friendships} friendships, ${tally.movies} movies, all whole`,
  );
}

describe('SIGKILL during a burst of writes', () => {
  it('on PostgreSQL: every record is whole after a restart', async () => {
    const db: PrivatePostgres = await startPrivatePostgres();
    cleanups.push(() => db.destroy());
    const dir = await tempDir('crash-pg');
    cleanups.push(dir.remove);
    const { second, seeded, log } = await killMidBurst({ DATABASE_URL: db.url, DATA_DIR: dir.path });

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const query: Query = async (sql) => (await client.query(sql)).rows;
      report('PostgreSQL', log, await checkIntegrity(query, seeded, log));
    } finally {
      await client.end();
    }
    expect((await stopApp(second)).code).toBe(0);
  });

  it('on PGlite: the folder opens again (no stale lock) and every record is whole', async () => {
    const dir = await tempDir('crash-pglite');
    cleanups.push(dir.remove);
    const { second, seeded, log } = await killMidBurst({ DATA_DIR: dir.path });
    // PGlite allows one process per folder: the app lets go of it, then the test reads it.
    expect((await stopApp(second)).code).toBe(0);

    const client = await PGlite.create({ dataDir: path.join(dir.path, 'db'), extensions: pgliteExtensions });
    try {
      const query: Query = async (sql) => (await client.query(sql)).rows as never[];
      report('PGlite', log, await checkIntegrity(query, seeded, log));
    } finally {
      await client.close();
    }
  });
});
