import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createContractCheck } from './contract-check';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  dataDir: string;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** inject with `Authorization: Bearer <token>`. */
  injectAs(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** The .eml files written to the outbox so far, as text. */
  outbox(): Promise<string[]>;
  /** Resolves once the work the app runs after its answers (a reset mail) is done; throws after 10 s. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a database of the test file's own (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and a temporary data folder; mail goes to that folder's outbox.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  /** Another test app whose database this one shares (a second process of one install). */
  share?: TestApp,
): Promise<TestApp> {
  const database = share?.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: share?.app.config.jwtSecret ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://kinodost.test',
    // Each test file's database starts empty; the catalogue tests load what they need.
    CATALOGUE: 'none',
    ...env,
  });
  const app = await buildApp(config, { database });
  await app.ready();
  // On PostgreSQL, user rows and answers live a second until the connection hearing their changes
  // listens, and are dropped when it starts to: a test that warmed a cache before would meet neither.
  const listening = () => !app.userCache.degraded && !app.responseCache?.degraded;
  if (app.database.listen) await eventually(async () => (listening() ? true : undefined));
  const outboxDir = path.join(dataDir, 'outbox');
  const check = createContractCheck(app.swagger() as Record<string, unknown>);
  // Every answer is held to the API document (test/contract-check.ts): a violation fails the test.
  const inject = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    const url = typeof opts.url === 'string' ? opts.url : (opts.url?.pathname ?? opts.path ?? '/');
    const violations = check({
      method: opts.method ?? 'GET',
      url: typeof url === 'string' ? url : '/',
      statusCode: res.statusCode,
      headers: res.headers,
      body: opts.method === 'HEAD' ? '' : res.body,
    });
    if (violations.length) throw new Error(`the answer breaks the API document:\n${violations.join('\n')}`);
    return res;
  };
  return {
    app,
    database,
    dataDir,
    inject,
    injectAs: (token, opts) =>
      inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } }),
    async outbox() {
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      return Promise.all(
        files
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => readFile(path.join(outboxDir, f), 'utf8')),
      );
    },
    async settled() {
      if (!(await app.handlersSettled(10_000))) throw new Error('work after the answers still running after 10 s');
    },
    async close() {
      await app.close();
      if (!share) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once `cache` is told to drop each of `keys` (user ids, response tags). With two
 * processes sharing Redis, the other one's message has then arrived: tests wait on this rather
 * than on a time bound to tell an invalidation from an entry's TTL running out. One wrapper for
 * all the keys: two wrappers of one cache, undone in another order than made, would lose one.
 */
export function dropped(cache: { invalidate(key: string): void }, ...keys: string[]): Promise<void> {
  const invalidate = cache.invalidate;
  const waiting = new Set(keys);
  return new Promise((resolve) => {
    cache.invalidate = (k: string) => {
      invalidate.call(cache, k);
      waiting.delete(k);
      if (waiting.size > 0) return;
      cache.invalidate = invalidate;
      resolve();
    };
  });
}

/**
 * What PostgreSQL announces on `channel`, for a test: once it listens, each `since()` sends a
 * marker on the channel and, once the marker is heard, returns the payloads that came before it
 * since the last call. Notifications arrive in commit order, so none sent before is still to
 * come, and a test can assert that a change announced nothing.
 */
export async function announcements(app: App, channel: string) {
  const heard: string[] = [];
  let listening = false;
  const listener = app.database.listen?.(channel, {
    onMessage: (payload) => heard.push(payload),
    onState: (state) => {
      listening = state;
    },
  });
  if (!listener) throw new Error('announcements are PostgreSQL’s: run with TEST_DATABASE_URL');
  await eventually(async () => (listening ? true : undefined));
  const marker = `marker-${randomBytes(4).toString('hex')}`;
  return {
    async since() {
      await app.database.db.execute(sql`select pg_notify(${channel}, ${marker})`);
      await eventually(async () => (heard.includes(marker) ? true : undefined));
      return heard.splice(0).filter((payload) => payload !== marker);
    },
    close: () => listener.close(),
  };
}

/**
 * Waits until check() returns a value (for work that runs after the response, like mail). The
 * limit only tells "never" from "late" on a loaded machine, where such work can take seconds.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Two apps on one database and one Redis (a fresh key prefix), as two processes of one install,
 * once both have subscribed their caches' invalidation channels: until then cached entries live
 * only a second, which would pass a cross-process test on its own.
 */
async function buildTwoProcesses(redisUrl: string): Promise<[TestApp, TestApp]> {
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `kinodost-test-${randomBytes(4).toString('hex')}:` };
  const a = await buildTestApp(env);
  const b = await buildTestApp(env, a);
  const subscribed = (t: TestApp) => !t.app.userCache.degraded && !t.app.responseCache?.degraded;
  await eventually(async () => (subscribed(a) && subscribed(b) ? true : undefined));
  return [a, b];
}

/**
 * Two app processes of one install for a describe block: built before its tests (both
 * subscribed to the Redis channels), closed after. Read `a` and `b` inside the tests.
 */
export function twoProcessesPerSuite(redisUrl: string): { a: TestApp; b: TestApp } {
  const apps = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    [apps.a, apps.b] = await buildTwoProcesses(redisUrl);
  });
  afterAll(async () => {
    await apps.b?.close();
    await apps.a?.close();
  });
  return apps;
}
