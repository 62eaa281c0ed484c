import { ErrorCode } from '@kinodost/contracts/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp, stopApp } from './support/app-process';
import { call, isErrorBody, register } from './support/http';
import { type Logged, memberLoop } from './support/load';
import { type PrivatePostgres, startPrivatePostgres } from './support/postgres';
import { pause, tempDir, waitUntil } from './support/wait';

// PostgreSQL goes away under load and comes back: the app answers 503 meanwhile, never hangs or
// crashes, and resumes by itself; every write it confirmed is there afterwards.
let db: PrivatePostgres;
let app: AppProcess;
let dataDir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  [db, dataDir] = await Promise.all([startPrivatePostgres(), tempDir('pg-outage')]);
  app = await startApp({ DATABASE_URL: db.url, DATA_DIR: dataDir.path });
});
afterAll(async () => {
  if (app) await stopApp(app, 'SIGKILL');
  await db?.destroy();
  await dataDir?.remove();
});

describe('PostgreSQL stopped mid-load and started again', () => {
  it('answers 503 with an error body, stays up, resumes by itself and loses no confirmed write', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, (_, i) => register(app.url, `pg${i}`)));
    const log: Logged[] = [];
    let stopping = false;
    const loops = members.map((m, i) => memberLoop(app.url, i, m.token, log, () => stopping));
    await pause(1500);

    const stoppedAt = Date.now();
    await db.stop();
    await pause(1000);
    const ready = await call(app.url, 'GET', '/api/ready');
    const health = await call(app.url, 'GET', '/api/health');
    await pause(2000);
    const startedAt = Date.now();
    await db.start();
    // Service resumes by itself: no restart of the app, just wait for a confirmed write.
    let resumedAt = 0;
    await waitUntil(
      'a confirmed write after the restart',
      async () => {
        const ok = log.some((l) => l.startedAt >= startedAt && l.op === 'create' && l.status === 201);
        if (ok) resumedAt = Date.now();
        return ok;
      },
      20_000,
      50,
    ).catch((err) => {
      // A process that died meanwhile says why in its own log.
      throw new Error(`${err.message}; app alive: ${app.alive()}\n${app.output().slice(-3000)}`);
    });
    await pause(1500);
    stopping = true;
    await Promise.all(loops);

    expect(app.alive(), app.output()).toBe(true);
    expect(ready.status).toBe(503);
    expect(isErrorBody(ready.body, ErrorCode.UNAVAILABLE)).toBe(true);
    expect(health.status).toBe(200);
    expect((await call(app.url, 'GET', '/api/ready')).status).toBe(200);

    // Every request got an answer in bounded time: 2xx, or 503 with the error body (docs/product.md#api-shape) while the database was away.
    const during = log.filter((l) => l.startedAt >= stoppedAt && l.startedAt < startedAt);
    const outage = log.filter((l) => l.status === 503);
    expect(during.length).toBeGreaterThan(0);
    expect(outage.length).toBeGreaterThan(0);
    for (const l of log) {
      expect([200, 201, 503], `${l.op} ${l.status} ${l.failure ?? ''} ${JSON.stringify(l.body)}`).toContain(l.status);
      expect(l.ms).toBeLessThan(10_000);
    }
    for (const l of outage) expect(isErrorBody(l.body, ErrorCode.UNAVAILABLE), JSON.stringify(l.body)).toBe(true);
    // Before the stop and a moment after the first success, everything succeeds again.
    for (const l of log.filter((l) => l.startedAt < stoppedAt - 200 || l.startedAt > resumedAt + 500)) {
      expect(l.status, `${l.op} at ${l.startedAt}`).toBeLessThan(300);
    }

    // Data: every confirmed create is stored once; anything else stored was in flight (answered 503).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; title: string; rating: number | null }>(
        'select id, title, rating from movies',
      );
      const byTitle = new Map(rows.map((r) => [r.title, r]));
      expect(byTitle.size).toBe(rows.length);
      const creates = log.filter((l) => l.op === 'create');
      const confirmed = creates.filter((l) => l.status === 201);
      for (const l of confirmed) expect(byTitle.has(l.wrote?.title ?? ''), l.wrote?.title).toBe(true);
      const asked = new Set(creates.map((l) => l.wrote?.title));
      for (const r of rows) expect(asked.has(r.title)).toBe(true);
      const unconfirmed = rows.filter((r) => !confirmed.some((l) => l.wrote?.title === r.title));
      // Each movie's rating is its last confirmed edit, or a later edit that answered 503 (in flight).
      const ratingOf = new Map(rows.map((r) => [r.id, r.rating]));
      const edits = new Map<string, Logged[]>();
      for (const l of log.filter((l) => l.op === 'edit' && l.wrote?.movieId)) {
        edits.set(l.wrote?.movieId as string, [...(edits.get(l.wrote?.movieId as string) ?? []), l]);
      }
      for (const [id, list] of edits) {
        const lastOk = list.findLastIndex((l) => l.status === 200);
        const allowed = [
          lastOk >= 0 ? list[lastOk]?.wrote?.rating : null,
          ...list.slice(lastOk + 1).map((l) => l.wrote?.rating),
        ];
        expect(allowed, `movie ${id}`).toContain(ratingOf.get(id) ?? null);
      }
      console.info(
        `postgres outage: ${log.length} requests, ${outage.length} answered 503, ${confirmed.length} confirmed creates, ` +
          `${unconfirmed.length} in-flight creates stored, resumed ${resumedAt - startedAt} ms after PostgreSQL was back`,
      );
    } finally {
      await client.end();
    }
    expect((await stopApp(app)).code, app.output().slice(-3000)).toBe(0);
  });
});
