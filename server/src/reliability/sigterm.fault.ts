import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp, stopApp } from './support/app-process';
import { call, newMember, register } from './support/http';
import { type PrivatePostgres, startPrivatePostgres } from './support/postgres';
import { type PrivateRedis, startPrivateRedis } from './support/redis';
import { type ClientSocket, connect, seesOnline } from './support/sockets';
import { pause, tempDir, waitUntil, within } from './support/wait';

// SIGTERM drains one of two processes sharing PostgreSQL and Redis (a rolling restart):
// requests in flight get their answers (and their Idempotency-Keys keep them, for the other
// process to answer a repeat), new connections are turned away, its sockets are closed by the
// server, the other process's sockets stay, and it exits with 0.
// (main.process.test.ts covers the single PGlite process; this adds sockets and a second process.)
let db: PrivatePostgres;
let redis: PrivateRedis;
const apps: AppProcess[] = [];
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  [db, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  for (const name of ['a', 'b']) {
    const dir = await tempDir(`sigterm-${name}`);
    dirs.push(dir);
    // Info: each request's "incoming request" line shows the test when the server has it.
    apps.push(await startApp({ DATABASE_URL: db.url, REDIS_URL: redis.url, DATA_DIR: dir.path, LOG_LEVEL: 'info' }));
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(apps.map((a) => stopApp(a, 'SIGKILL')));
  await Promise.all([db?.destroy(), redis?.destroy()]);
  await Promise.all(dirs.map((d) => d.remove()));
});

/** How many registrations the process has begun to handle, by its "incoming request" log lines. */
const registrationsReceived = (app: AppProcess) =>
  app.output().match(/"url":"\/api\/auth\/register"[^\n]*"msg":"incoming request"/g)?.length ?? 0;

/**
 * A request on a connection of its own (no keep-alive pool). `sent` resolves once the
 * whole request is written; `answer` is the status, or the connection error's code.
 */
function send(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  let sent!: () => void;
  const written = new Promise<void>((r) => {
    sent = r;
  });
  let text = '';
  const answer = new Promise<number | string>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        timeout: 20_000,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('finish', sent);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
    req.end(payload);
  });
  return { written, answer, body: () => text };
}

describe('SIGTERM drains a process', () => {
  it('answers the requests in flight, turns new ones away, closes its sockets cleanly and exits 0', async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    const alice = await register(a.url, 'alice');
    const bob = await register(b.url, 'bob');
    const sent = await call(b.url, 'POST', `/api/friends/request/${alice.id}`, { token: bob.token });
    await call(a.url, 'PUT', `/api/friends/accept/${(sent.body as { requestId: string }).requestId}`, {
      token: alice.token,
    });
    const aliceSocket = await connect(a.url, alice.token);
    const bobSocket = await connect(b.url, bob.token);
    sockets.push(aliceSocket, bobSocket);
    await waitUntil('bob sees alice online', () => seesOnline(bobSocket, alice.id), 10_000, 300);
    const aliceGone = new Promise<string>((resolve) => aliceSocket.on('disconnect', (reason) => resolve(reason)));
    const bobGone: string[] = [];
    bobSocket.on('disconnect', (reason) => bobGone.push(reason));
    const aliceOffline = new Promise<string>((resolve) => bobSocket.on('user:offline', (p) => resolve(p.userId)));

    // Slow requests in flight: registrations wait their turn for argon2 hashing (one or two at a time).
    const before = registrationsReceived(a);
    // With Idempotency-Keys, as the web app sends them: a repeat on the other process must find each answer.
    const sent12 = Array.from({ length: 12 }, () => ({ fields: newMember('t'), key: randomUUID() }));
    const inFlight = sent12.map(({ fields, key }) =>
      send(a.port, 'POST', '/api/auth/register', fields, { 'idempotency-key': key }),
    );
    await Promise.all(inFlight.map((r) => r.written));
    // SIGTERM once the server has all twelve. Written by the client is not yet read by the server:
    // a request it has not begun by then is a new one, and rightly gets the drain's 503.
    await waitUntil(
      'the twelve registrations at the server',
      async () => registrationsReceived(a) - before >= 12,
      10_000,
      5,
    );
    const termAt = Date.now();
    a.child.kill('SIGTERM');
    await pause(100);
    const late = await send(a.port, 'GET', '/api/health').answer;
    const answers = await within(Promise.all(inFlight.map((r) => r.answer)), 30_000, 'answers in flight');
    const end = await within(a.exited, 30_000, 'exit after SIGTERM');
    const drainMs = Date.now() - termAt;

    expect(answers).toEqual(Array(12).fill(201));
    // A new connection after SIGTERM is refused (or answered 503 while the listener closes), never served.
    expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(late);
    // The server closed alice's socket itself (a client told to go, not a dropped transport).
    expect(await within(aliceGone, 5000, 'alice disconnected')).toBe('io server disconnect');
    expect(end, a.output()).toEqual({ code: 0, signal: null });
    // The other process keeps its sockets, and its members see alice go offline.
    await pause(500);
    expect(bobGone).toEqual([]);
    expect(bobSocket.connected).toBe(true);
    expect(await within(aliceOffline, 10_000, 'alice offline on b')).toBe(alice.id);
    expect((await call(b.url, 'GET', '/api/movies', { token: alice.token })).status).toBe(200);
    // Each answer was kept before the drain closed the database: the same POST sent again to
    // the other process (a client that lost the answer) gets it again, and nothing is done twice.
    const repeats = await Promise.all(
      sent12.map(({ fields, key }) => call(b.url, 'POST', '/api/auth/register', { body: fields, idempotencyKey: key })),
    );
    expect(repeats.map((r) => [r.status, r.replayed, r.body])).toEqual(
      inFlight.map((r) => [201, true, JSON.parse(r.body())]),
    );
    console.info(`SIGTERM: ${answers.length} requests in flight all answered, drained and exited 0 in ${drainMs} ms`);
    expect((await stopApp(b)).code).toBe(0);
  });
});
