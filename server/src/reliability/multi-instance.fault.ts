import { randomBytes, randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { msg } from '../lib/messages';
import { nextEvent, type TestSocket } from '../test/socket-client';
import { type Nginx, startNginx } from './nginx/nginx-process';
import { type AppProcess, startApp, stopApp } from './support/app-process';
import { type Answer, call, isErrorBody, newMember, register, userIdOf } from './support/http';
import { createSuiteDatabase, type SuiteDatabase } from './support/postgres';
import { pause, tempDir, waitUntil } from './support/wait';

/**
 * Two app processes on the machine's PostgreSQL and Redis behind Debian's nginx
 * (the README's config, nginx/kinodost.conf.template), a mixed workload through
 * nginx whose POSTs carry an Idempotency-Key as the web app's do
 * (docs/reliability.md "Multi-instance" and "Rolling restart").
 * - One process SIGKILLed and restarted: nothing fails beyond POSTs in flight on
 *   the killed process, no write is stored twice, every write answered 2xx is
 *   stored, and presence is right again once the process is back.
 * - Both restarted in turn with SIGTERM (a rolling restart): no request fails
 *   and every write is stored exactly once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WORKERS = 6;
const TTL_SECONDS = 3;
/** Requests sent at once around each SIGTERM of the rolling restart. */
const BURST = 40;

const tag = randomBytes(4).toString('hex');
const redisPrefix = `kinodost-multi-${tag}:`;
let database: SuiteDatabase | undefined;
let nginx: Nginx;
let dataDir: Awaited<ReturnType<typeof tempDir>>;
let env: Record<string, string>;
/** apps[0] is the one that gets killed. */
const apps: AppProcess[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createSuiteDatabase('kinodost_multi');
  // One shared DATA_DIR, the README's way without S3 (an avatar stored by one process is served by
  // the other; storage.fault.ts runs separate folders on S3).
  dataDir = await tempDir('multi');
  env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir.path,
    TRUST_PROXY: '127.0.0.1',
    PRESENCE_TTL_SECONDS: String(TTL_SECONDS),
  };
  // One after the other: the first runs the migrations.
  apps.push(await startApp(env));
  apps.push(await startApp(env));
  nginx = await startNginx([apps[0]?.port ?? 0, apps[1]?.port ?? 0]);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(apps.map((a) => stopApp(a, 'SIGTERM')));
  await nginx?.stop();
  await dataDir?.remove();
  await database?.drop();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/**
 * A socket through nginx from a given loopback address (nginx routes sockets by
 * client address). `browser` uses the web app's transports: HTTP long-polling
 * first, then the upgrade to WebSocket, which only works when nginx keeps the
 * session on one process.
 */
function connectVia(
  token: string,
  opts: { from?: string; browser?: boolean; beforeConnect?: (s: TestSocket) => void } = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(nginx.url, {
    path: '/socket.io',
    auth: { token },
    transports: opts.browser ? ['polling', 'websocket'] : ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(opts.from ? { localAddress: opts.from } : {}),
  } as Parameters<typeof io>[1]);
  sockets.push(socket);
  opts.beforeConnect?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The app port nginx sends socket traffic from `address` to, read from its access log after a polling handshake. */
async function socketBackendOf(address: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const req = get(`${nginx.url}/socket.io/?EIO=4&transport=polling`, { localAddress: address }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
  });
  let port = 0;
  await waitUntil(
    `the access log line of ${address}`,
    async () => {
      const line = (await nginx.accessLog()).findLast((l) => l.client === address && l.request.includes('/socket.io/'));
      port = line?.upstreamPorts.at(-1) ?? 0;
      return port !== 0;
    },
    5000,
  );
  return port;
}

/** Loopback addresses whose sockets nginx sends to the victim and to the survivor. */
async function addressesFor(victim: number, survivor: number) {
  let toVictim: string | undefined;
  let toSurvivor: string | undefined;
  for (let i = 2; i < 60 && !(toVictim && toSurvivor); i++) {
    const address = `127.0.0.${i}`;
    const port = await socketBackendOf(address);
    if (port === victim) toVictim ??= address;
    if (port === survivor) toSurvivor ??= address;
  }
  if (!toVictim || !toSurvivor) throw new Error('no loopback address hashed to each process');
  return { toVictim, toSurvivor };
}

async function befriend(a: { token: string; id: string }, b: { token: string; id: string }) {
  const sent = await call(nginx.url, 'POST', `/api/friends/request/${b.id}`, { token: a.token });
  expect(sent.status).toBe(201);
  const { requestId } = sent.body as { requestId: string };
  expect((await call(nginx.url, 'PUT', `/api/friends/accept/${requestId}`, { token: b.token })).status).toBe(200);
}

interface Done extends Answer {
  op: string;
  startedAt: number;
  endedAt: number;
  /** Sent a second time, with the same key, because no answer came (as the web app does). */
  retried?: boolean;
  /** What the write asks to store, by a key of its own: a username, a movie title, `requester->addressee`. */
  write?: { table: Table; key: string };
}
type Table = 'users' | 'movies' | 'friendships';

/**
 * A call through nginx as the web app makes it (web/src/lib/api-client.ts): a POST carries a
 * fresh Idempotency-Key and is sent once more with the same key when no answer came at all.
 */
async function send(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  if (method !== 'POST') return call(nginx.url, method, path, opts);
  const idempotencyKey = randomUUID();
  const first = await call(nginx.url, method, path, { ...opts, idempotencyKey });
  if (first.status !== 0) return first;
  return { ...(await call(nginx.url, method, path, { ...opts, idempotencyKey })), retried: true };
}

/**
 * One worker of the mixed workload, in a fixed cycle: register a new member,
 * log in, create a movie, list movies, send a friend request (to a member the
 * next worker registered, so requests never cross), read a profile.
 */
function worker(
  i: number,
  me: { id: string; username: string; password: string; token: string },
  registered: string[][],
  log: Done[],
  stop: () => boolean,
) {
  return (async () => {
    for (let n = 0; !stop(); n++) {
      const startedAt = Date.now();
      let op: string;
      let answer: Answer & { retried?: boolean };
      let write: Done['write'];
      const step = n % 6;
      const target = step === 4 ? registered[(i + 1) % WORKERS]?.shift() : undefined;
      if (step === 0) {
        op = 'register';
        const fields = newMember(`m${i}`);
        write = { table: 'users', key: fields.username };
        answer = await send('POST', '/api/auth/register', { body: fields });
        if (answer.status === 201) registered[i]?.push(userIdOf((answer.body as { token: string }).token));
      } else if (step === 1) {
        op = 'login';
        answer = await send('POST', '/api/auth/login', { body: { username: me.username, password: me.password } });
      } else if (step === 2) {
        op = 'create';
        const title = `film ${tag} ${me.id} ${n}`;
        write = { table: 'movies', key: title };
        answer = await send('POST', '/api/movies', { token: me.token, body: { title } });
      } else if (step === 4 && target) {
        op = 'friend request';
        write = { table: 'friendships', key: `${me.id}->${target}` };
        answer = await send('POST', `/api/friends/request/${target}`, { token: me.token });
      } else if (step === 3) {
        op = 'list';
        answer = await send('GET', '/api/movies?limit=5', { token: me.token });
      } else {
        op = 'profile';
        answer = await send('GET', `/api/user/profile/${me.id}`);
      }
      log.push({ ...answer, op, startedAt, endedAt: Date.now(), write });
      if (answer.status === 0 || answer.status >= 500) await pause(50);
    }
  })();
}

/** Starts WORKERS workers on members of their own; `stop()` ends them and resolves with their log. */
async function startWorkload(prefix: string) {
  const members = await Promise.all(Array.from({ length: WORKERS }, (_, i) => register(nginx.url, `${prefix}${i}`)));
  const registered: string[][] = members.map(() => []);
  const log: Done[] = [];
  let stopping = false;
  const workers = members.map((m, i) => worker(i, m, registered, log, () => stopping));
  let bursts = 0;
  return {
    log,
    /** `n` requests at once beside the workers, half movie creates and half reads, into the same log. */
    burst(n: number) {
      const b = bursts++;
      return Promise.all(
        Array.from({ length: n }, async (_, k) => {
          const me = members[k % WORKERS] as (typeof members)[number];
          const startedAt = Date.now();
          if (k % 2) {
            const answer = await send('GET', '/api/movies?limit=5', { token: me.token });
            log.push({ ...answer, op: 'list', startedAt, endedAt: Date.now() });
            return;
          }
          const title = `burst ${tag} ${prefix} ${b} ${k}`;
          const answer = await send('POST', '/api/movies', { token: me.token, body: { title } });
          log.push({ ...answer, op: 'create', startedAt, endedAt: Date.now(), write: { table: 'movies', key: title } });
        }),
      );
    },
    async stop() {
      stopping = true;
      await Promise.all(workers);
      return log;
    },
  };
}

/**
 * How many times each write of the log is stored, read from the database by its own key.
 * `doubled`: stored more than once; `lost`: answered 2xx but not stored.
 */
async function storedWrites(log: Done[]) {
  const queries: Record<Table, string> = {
    users: 'SELECT username AS k, count(*)::int AS n FROM users WHERE username = ANY($1) GROUP BY 1',
    movies: 'SELECT title AS k, count(*)::int AS n FROM movies WHERE title = ANY($1) GROUP BY 1',
    friendships: `SELECT requester_id || '->' || addressee_id AS k, count(*)::int AS n FROM friendships
                  WHERE requester_id || '->' || addressee_id = ANY($1) GROUP BY 1`,
  };
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const counts = new Map<string, number>();
    for (const [table, query] of Object.entries(queries) as [Table, string][]) {
      const keys = log.filter((d) => d.write?.table === table).map((d) => d.write?.key ?? '');
      for (const row of (await db.query<{ k: string; n: number }>(query, [keys])).rows)
        counts.set(`${table} ${row.k}`, row.n);
    }
    const timesStored = (d: Done) => counts.get(`${d.write?.table} ${d.write?.key}`) ?? 0;
    const writes = log.filter((d) => d.write);
    const ok = writes.filter((d) => d.status >= 200 && d.status < 300);
    const stored = (table: Table) => ok.filter((d) => d.write?.table === table).length;
    return {
      doubled: writes.filter((d) => timesStored(d) > 1),
      lost: ok.filter((d) => timesStored(d) !== 1),
      /** Writes that did not answer 2xx but were stored all the same (done before the failure). */
      storedAnyway: writes.filter((d) => (d.status < 200 || d.status >= 300) && timesStored(d) === 1).length,
      counts: { users: stored('users'), movies: stored('movies'), friendRequests: stored('friendships') },
    };
  } finally {
    await db.end();
  }
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  Object.fromEntries([...new Set(items.map(key))].map((k) => [k, items.filter((item) => key(item) === k).length]));

it('survives a SIGKILLed process behind nginx: no answered write lost, presence right again', async () => {
  const [victim, survivor] = apps as [AppProcess, AppProcess];
  const { toVictim, toSurvivor } = await addressesFor(victim.port, survivor.port);

  // Presence: alice's socket is on the survivor; her friends bob and carol are on the victim.
  const [alice, bob, carol] = await Promise.all([
    register(nginx.url, 'alice'),
    register(nginx.url, 'bob'),
    register(nginx.url, 'carol'),
  ]);
  await befriend(alice, bob);
  await befriend(alice, carol);
  let bobSocket = await connectVia(bob.token, { from: toVictim });
  let carolSocket = await connectVia(carol.token, { from: toVictim });
  let firstOnline: string[] = [];
  const aliceSocket = await connectVia(alice.token, {
    from: toSurvivor,
    beforeConnect: (s) => s.once('users:online', (ids) => (firstOnline = ids)),
  });
  await waitUntil('users:online', async () => firstOnline.length > 0, 5000);
  expect(firstOnline.sort()).toEqual([bob.id, carol.id].sort());

  // The workload, through nginx.
  const workload = await startWorkload('w');
  const { log } = workload;
  await pause(3000);

  const bobOffline = nextEvent(aliceSocket, 'user:offline', (p) => p.userId === bob.id, 20_000);
  const carolOffline = nextEvent(aliceSocket, 'user:offline', (p) => p.userId === carol.id, 20_000);
  const killedAt = Date.now();
  await stopApp(victim, 'SIGKILL');
  const doneBeforeKill = log.length;

  // The dead process's members go offline for alice within the presence TTL (and a third).
  await Promise.all([bobOffline, carolOffline]);
  const offlineAfterMs = Date.now() - killedAt;
  expect(offlineAfterMs).toBeLessThan(TTL_SECONDS * 1000 * (4 / 3) + 3000);

  // Bob's browser reconnects: nginx moves him to the survivor.
  bobSocket.close();
  const bobBack = nextEvent(aliceSocket, 'user:online', (p) => p.userId === bob.id, 10_000);
  bobSocket = await connectVia(bob.token, { from: toVictim });
  await bobBack;

  // The killed process comes back on its port.
  await pause(1000);
  const restartedAt = Date.now();
  apps[0] = await startApp({ ...env, PORT: String(victim.port) });
  const restartMs = Date.now() - restartedAt;
  // nginx tries it again after fail_timeout (3 s); let the workload use both for a while.
  await pause(5000);
  await workload.stop();

  // nginx sends the victim's client address to it again. (A polling handshake
  // ends at once; a WebSocket counts as nginx's success only when it closes, so
  // until some short request succeeds the returned process stays marked failed.)
  await waitUntil(
    'nginx routes sockets to the returned process',
    async () => (await socketBackendOf(toVictim)) === victim.port,
    15_000,
    500,
  );

  // Presence through the returned process: carol comes back on it, bob moves to it.
  carolSocket.close();
  const carolBack = nextEvent(aliceSocket, 'user:online', (p) => p.userId === carol.id, 10_000);
  carolSocket = await connectVia(carol.token, { from: toVictim });
  await carolBack;
  const bobLeaves = nextEvent(aliceSocket, 'user:offline', (p) => p.userId === bob.id, 10_000);
  bobSocket.close();
  await bobLeaves;
  const bobReturns = nextEvent(aliceSocket, 'user:online', (p) => p.userId === bob.id, 10_000);
  bobSocket = await connectVia(bob.token, { from: toVictim });
  await bobReturns;

  // A browser-like tab of alice's (polling, then the upgrade) sees both online.
  let tabOnline: string[] = [];
  const tab = await connectVia(alice.token, {
    browser: true,
    beforeConnect: (s) => s.once('users:online', (ids) => (tabOnline = ids)),
  });
  await waitUntil('the tab upgrades to WebSocket', async () => tab.io.engine.transport.name === 'websocket', 10_000);
  await waitUntil('users:online on the tab', async () => tabOnline.length > 0, 5000);
  expect(tabOnline.sort()).toEqual([bob.id, carol.id].sort());
  const carolLeaves = nextEvent(tab, 'user:offline', (p) => p.userId === carol.id, 10_000);
  carolSocket.close();
  await carolLeaves;

  // nginx shows the sockets opened after the restart really went to the returned process.
  for (const s of [bobSocket, aliceSocket, tab]) s.close();
  await pause(300);
  const access = await nginx.accessLog();
  const victimLines = access.filter((l) => l.client === toVictim && l.request.startsWith('GET /socket.io/'));
  const movedIndex = victimLines.findIndex((l) => l.upstreamPorts.at(-1) === survivor.port);
  expect(movedIndex, 'bob was moved to the survivor while the victim was down').toBeGreaterThanOrEqual(0);
  const backOnVictim = victimLines.slice(movedIndex + 1).filter((l) => l.upstreamPorts.at(-1) === victim.port);
  expect(
    backOnVictim.length,
    `carol and bob went back to the restarted process (${victim.port}): ${JSON.stringify(victimLines)}`,
  ).toBeGreaterThanOrEqual(2);
  const backAt = restartedAt + restartMs;
  const apiAfterRestart = access.filter(
    (l) => l.at > backAt && l.request.includes(' /api/') && l.upstreamPorts.at(-1) === victim.port,
  );
  expect(apiAfterRestart.length).toBeGreaterThan(0);

  // Requests: only POSTs in flight on the killed process may fail, each at most once per worker.
  // nginx passes them on (they carry a key); the next process finds the key claimed by the dead
  // one and, unable to know whether it was done, answers 409 rather than doing it twice.
  const failed = log.filter((d) => d.status === 0 || d.status >= 500 || d.status === 409);
  const refused = log.filter((d) => d.status >= 400 && d.status < 500 && d.status !== 409);
  expect(refused, 'no other 4xx in a workload that never asks for one').toEqual([]);
  expect(failed.length).toBeLessThanOrEqual(WORKERS);
  for (const f of failed) {
    expect(f.startedAt, `${f.op} failed but started after the kill`).toBeLessThanOrEqual(killedAt + 100);
    expect(f.endedAt).toBeGreaterThanOrEqual(killedAt);
    expect(['register', 'login', 'create', 'friend request'], 'a GET failed: nginx should have retried it').toContain(
      f.op,
    );
    // nginx's own 502 comes as the app's error body (the config's error_page).
    if (f.status === 503) expect(isErrorBody(f.body, 'UNAVAILABLE')).toBe(true);
    if (f.status === 409) expect(f.body).toMatchObject({ error: msg.idempotency.inProgress, code: 'CONFLICT' });
  }

  // A body far over the avatar limit is stopped by nginx, also with the app's error body.
  const huge = await fetch(`${nginx.url}/api/user/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(9 * 1024 * 1024),
  });
  expect([huge.status, isErrorBody(await huge.json(), 'PAYLOAD_TOO_LARGE')]).toEqual([413, true]);

  // Every write answered 2xx is stored once; none is stored twice.
  const writes = await storedWrites(log);
  expect(writes.doubled).toEqual([]);
  expect(writes.lost).toEqual([]);
  expect(writes.counts.users).toBeGreaterThan(0);
  expect(writes.counts.movies).toBeGreaterThan(0);
  expect(writes.counts.friendRequests).toBeGreaterThan(0);
  console.info(
    JSON.stringify({
      requests: log.length,
      byOp: countBy(log, (d) => d.op),
      failed: failed.map((f) => ({ op: f.op, status: f.status, failure: f.failure })),
      retriedByClient: log.filter((d) => d.retried).length,
      doneBeforeKill,
      stored: writes.counts,
      storedAnyway: writes.storedAnyway,
      offlineAfterMs,
      restartMs,
      servedByVictimAfterRestart: apiAfterRestart.length,
    }),
  );
});

it('restarts both processes in turn with SIGTERM under load: no request fails, every write is stored exactly once', async () => {
  const workload = await startWorkload('r');
  const windowStart = Date.now();
  await pause(2000);

  // A rolling restart: SIGTERM one process, start it again, wait until nginx sends it requests
  // again (as a deploy waits for readiness), then the next.
  const restarts: { port: number; termAt: number; drainMs: number; backAfterMs: number }[] = [];
  for (const index of [0, 1]) {
    const old = apps[index] as AppProcess;
    // Bursts beside the workers, so that many requests cross the signal: some reach the
    // process just before it, some on nginx's kept-alive connections while it drains.
    const before = workload.burst(BURST);
    await pause(20);
    const termAt = Date.now();
    const exited = stopApp(old, 'SIGTERM');
    await pause(30);
    const during = workload.burst(BURST);
    expect(await exited, old.output()).toEqual({ code: 0, signal: null });
    const drainMs = Date.now() - termAt;
    await Promise.all([before, during]);
    apps[index] = await startApp({ ...env, PORT: String(old.port) });
    await waitUntil(
      `nginx sends API requests to the restarted process on ${old.port}`,
      async () =>
        (await nginx.accessLog()).some(
          (l) => l.at > termAt + drainMs && l.request.includes(' /api/') && l.upstreamPorts.at(-1) === old.port,
        ),
      30_000,
      200,
    );
    restarts.push({ port: old.port, termAt, drainMs, backAfterMs: Date.now() - termAt });
  }
  await pause(2000);
  const log = await workload.stop();

  // Each restart happened under load: requests were open at each SIGTERM.
  for (const r of restarts) {
    const open = log.filter((d) => d.startedAt <= r.termAt && d.endedAt >= r.termAt);
    expect(open.length, `requests open at the SIGTERM of ${r.port}`).toBeGreaterThan(0);
  }
  const failed = log.filter((d) => d.status < 200 || d.status >= 300);
  expect(failed.map((f) => ({ op: f.op, status: f.status, body: f.body, failure: f.failure }))).toEqual([]);
  const writes = await storedWrites(log);
  expect(writes.doubled).toEqual([]);
  expect(writes.lost).toEqual([]);
  expect(writes.storedAnyway).toBe(0);

  // What nginx did meanwhile: requests it passed on from a stopping process, by their first answer.
  const passedOn = (await nginx.accessLog()).filter((l) => l.at >= windowStart && l.upstreamPorts.length > 1);
  console.info(
    JSON.stringify({
      requests: log.length,
      byOp: countBy(log, (d) => d.op),
      failed: failed.length,
      retriedByClient: log.filter((d) => d.retried).length,
      replayed: log.filter((d) => d.replayed).length,
      passedOnByNginx: countBy(passedOn, (l) =>
        l.request
          .replace(/ HTTP.*$/, '')
          .replace(/[0-9a-f-]{36}/g, ':id')
          .replace(/\?.*/, ''),
      ),
      stored: writes.counts,
      restarts: restarts.map(({ drainMs, backAfterMs }) => ({ drainMs, backAfterMs })),
    }),
  );
});
