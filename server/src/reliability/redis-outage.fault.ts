import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp, stopApp } from './support/app-process';
import { type Answer, call, register } from './support/http';
import { type PrivatePostgres, startPrivatePostgres } from './support/postgres';
import { type PrivateRedis, startPrivateRedis } from './support/redis';
import { type ClientSocket, connect, seesOnline } from './support/sockets';
import { pause, tempDir, waitUntil, within } from './support/wait';

// Two app processes share PostgreSQL and Redis. Redis goes away and comes back empty
// (no persistence): the API keeps answering, and presence is rebuilt by the processes.
let db: PrivatePostgres;
let redis: PrivateRedis;
const apps: AppProcess[] = [];
const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  [db, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  for (const name of ['a', 'b']) {
    const dir = await tempDir(`redis-${name}`);
    dirs.push(dir);
    apps.push(
      await startApp({
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        DATA_DIR: dir.path,
        // Short, so that presence upkeep runs every second.
        PRESENCE_TTL_SECONDS: '3',
      }),
    );
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(apps.map((a) => stopApp(a, 'SIGKILL')));
  await Promise.all([db?.destroy(), redis?.destroy()]);
  await Promise.all(dirs.map((d) => d.remove()));
});

/** The answers a member gets for the calls that touch Redis (throttled login, registration) and plain ones. */
async function apiRound(base: string, member: { username: string; password: string; token: string }) {
  const answers: [string, Answer][] = [
    [
      'login',
      await call(base, 'POST', '/api/auth/login', { body: { username: member.username, password: member.password } }),
    ],
    [
      'register',
      await call(base, 'POST', '/api/auth/register', {
        body: {
          username: `x${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
          email: `${Math.random().toString(36).slice(2)}@kinodost.test`,
          password: 'kino-sevgisi-7',
        },
      }),
    ],
    // A title of its own each round: a member holds one entry per film.
    [
      'create',
      await call(base, 'POST', '/api/movies', {
        token: member.token,
        body: { title: `Redis yoxdur ${Math.random().toString(36).slice(2, 8)}` },
      }),
    ],
    ['list', await call(base, 'GET', '/api/movies', { token: member.token })],
    ['friends', await call(base, 'GET', '/api/friends', { token: member.token })],
  ];
  return answers.map(([op, a]) => ({ op, status: a.status, ms: a.ms, body: a.body }));
}

/**
 * How many processes listen on the socket.io adapter's request channel. ioredis puts a
 * subscriber's channels back only once its own reconnect succeeds, which may come a
 * retry later than the commands connection: until then room emits miss that process.
 */
async function adapterSubscribers(): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    const [, count] = (await client.pubsub('NUMSUB', 'kinodost:socket.io-request#/#')) as [string, number];
    return Number(count);
  } finally {
    client.disconnect();
  }
}

/** Whether a process is still up, and what it logged as an error or worse. */
const fatal = (app: AppProcess) =>
  `process on :${app.port} ${app.alive() ? 'up' : 'DEAD'}\n${app
    .output()
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l))
    .join('\n')}\n`;

describe('Redis stopped and started again under two app processes', () => {
  it('keeps the API working and rebuilds presence across the processes', async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    const alice = await register(a.url, 'alice');
    const bob = await register(b.url, 'bob');
    const sent = await call(a.url, 'POST', `/api/friends/request/${bob.id}`, { token: alice.token });
    expect(sent.status).toBe(201);
    const requestId = (sent.body as { requestId: string }).requestId;
    expect((await call(b.url, 'PUT', `/api/friends/accept/${requestId}`, { token: bob.token })).status).toBe(200);

    const aliceSocket = await connect(a.url, alice.token);
    let bobSocket = await connect(b.url, bob.token);
    sockets.push(aliceSocket, bobSocket);
    await waitUntil(
      'alice and bob online to each other',
      async () => (await seesOnline(aliceSocket, bob.id)) && (await seesOnline(bobSocket, alice.id)),
      10_000,
      300,
    );

    await redis.stop();
    await pause(500);
    // The API answers on both processes while Redis is away, throttled calls included.
    for (const app of [a, b]) {
      for (const answer of await apiRound(app.url, alice)) {
        expect(answer.status, `${answer.op} on :${app.port}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
        expect(answer.ms, answer.op).toBeLessThan(5000);
      }
    }
    // Live events go through the socket.io Redis adapter: a friend request made now must not hurt the process.
    const carol = await register(a.url, 'carol');
    const asked = await call(a.url, 'POST', `/api/friends/request/${bob.id}`, { token: carol.token });
    expect(asked.status).toBe(201);
    // Bob reloads the page during the outage: the socket still connects (presence is best effort meanwhile).
    bobSocket.close();
    bobSocket = await connect(b.url, bob.token);
    sockets.push(bobSocket);
    // Long enough for ioredis to give up on the commands queued meanwhile (their failures must be handled).
    await pause(6000);
    expect(a.alive(), a.output()).toBe(true);
    expect(b.alive(), b.output()).toBe(true);

    // Carol's request to Bob was made on the other process while the adapter was down: it never
    // reached Bob's socket. Once each process is subscribed again, its sockets are told to refetch.
    const resynced = Promise.all(
      [aliceSocket, bobSocket].map((s) => new Promise<void>((resolve) => s.once('realtime:resync', resolve))),
    );
    const back = Date.now();
    await redis.start();
    // Redis came back empty: the processes put their connections back, and the two see each other again.
    await waitUntil(
      'alice and bob online to each other after Redis returned',
      async () => (await seesOnline(aliceSocket, bob.id, 1000)) && (await seesOnline(bobSocket, alice.id, 1000)),
      15_000,
      500,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${fatal(a)}${fatal(b)}`);
    });
    await waitUntil(
      'both processes subscribed to the adapter again',
      async () => (await adapterSubscribers()) === 2,
      15_000,
      200,
    );
    expect(a.alive() && b.alive()).toBe(true);
    await within(resynced, 15_000, 'realtime:resync at alice and bob after Redis returned');
    const recovered = Date.now() - back;
    for (const app of [a, b]) {
      for (const answer of await apiRound(app.url, alice)) expect(answer.status, answer.op).toBeLessThan(300);
    }
    // A member who goes away after the outage is seen offline across processes as before.
    const offline = new Promise<string>((resolve) => aliceSocket.on('user:offline', (p) => resolve(p.userId)));
    bobSocket.close();
    expect(await within(offline, 10_000, "bob's user:offline at alice")).toBe(bob.id);
    console.info(`redis outage: presence back ${recovered} ms after Redis returned`);

    for (const app of [a, b]) expect((await within(stopApp(app), 15_000, `SIGTERM on :${app.port}`)).code).toBe(0);
  });
});
