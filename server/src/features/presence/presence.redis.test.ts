import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, eventually, type TestApp } from '../../test/build-test-app';
import { makeFriends } from '../../test/factories/friendship';
import { createUser } from '../../test/factories/user';
import { connectSocket, listenUrl, nextEvent, record, type TestSocket } from '../../test/socket-client';
import { MAX_SOCKETS_PER_MEMBER } from './presence.store';

// Several app processes sharing one Redis: presence and live events cross them.
const redisUrl = process.env.TEST_REDIS_URL;
const TTL = 3;

describe.runIf(redisUrl)('presence across processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  const env = {
    REDIS_URL: redisUrl as string,
    REDIS_PREFIX: `kinodost-test-${randomBytes(4).toString('hex')}:`,
    PRESENCE_TTL_SECONDS: String(TTL),
  };
  const sockets: TestSocket[] = [];
  let redis: Redis;
  beforeAll(async () => {
    a = await buildTestApp(env);
    b = await buildTestApp(env, a);
    redis = new Redis(redisUrl as string);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    redis.disconnect();
    await b.close();
    await a.close();
  });

  it('a member on process A sees a friend on process B come and go, and gets live requests from B', async () => {
    const u1 = await createUser(a.app);
    const u2 = await createUser(a.app);
    await makeFriends(a.app, u1.user.id, u2.user.id);
    const s1 = await connectSocket(await listenUrl(a.app), u1.token);
    sockets.push(s1);
    const online = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id);
    const s2 = await connectSocket(await listenUrl(b.app), u2.token);
    sockets.push(s2);
    await online;

    // Process A sees u2 as online in the shared store.
    let list: Promise<string[]> = Promise.resolve([]);
    sockets.push(
      await connectSocket(await listenUrl(a.app), u1.token, (s) => {
        list = new Promise((resolve) => s.once('users:online', resolve));
      }),
    );
    expect(await list).toEqual([u2.user.id]);

    const u3 = await createUser(a.app, { username: 'cross_sender' });
    const request = nextEvent(s2, 'friend:request');
    await b.injectAs(u3.token, { method: 'POST', url: `/api/friends/request/${u2.user.id}` });
    expect((await request).sender.username).toBe('cross_sender');

    const offline = nextEvent(s1, 'user:offline', (p) => p.userId === u2.user.id);
    s2.close();
    expect((await offline).lastSeen).not.toBeNull();
  });

  it('when the processes lose their Redis subscription and get it back, their sockets are told to resync', async () => {
    const u1 = await createUser(a.app);
    const u2 = await createUser(a.app);
    // With Redis every new socket is told to resync at once (plugins/socket.ts): that one first.
    const onConnect: Promise<unknown>[] = [];
    const firstResync = (s: TestSocket) => onConnect.push(nextEvent(s, 'realtime:resync'));
    const s1 = await connectSocket(await listenUrl(a.app), u1.token, firstResync);
    const s2 = await connectSocket(await listenUrl(b.app), u2.token, firstResync);
    sockets.push(s1, s2);
    await Promise.all(onConnect);
    const resynced = Promise.all([nextEvent(s1, 'realtime:resync'), nextEvent(s2, 'realtime:resync')]);
    resynced.catch(() => {}); // awaited below; a failure before then must not go unhandled

    // Drops the adapter subscribers of both processes (named by the app, only this suite's prefix).
    const admin = new Redis(redisUrl as string);
    try {
      const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${env.REDIS_PREFIX}socket.io-sub `))
        .map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1]);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id as string);
    } finally {
      admin.disconnect();
    }
    await resynced;

    // And live events cross the processes again.
    const request = nextEvent(s2, 'friend:request');
    await a.injectAs(u1.token, { method: 'POST', url: `/api/friends/request/${u2.user.id}` });
    expect((await request).sender.id).toBe(u1.user.id);
  });

  /** A socket of `token` on `url`, once the server has counted it (users:online follows the count). */
  /**
   * A socket connected and listed by the server (`users:online`). `setup` runs before it connects,
   * so its handlers see everything; a socket closed past the cap may be closed before the list
   * reaches it, and then counts as done too (waiting for its list would wait forever).
   */
  const counted = async (url: string, token: string, setup?: (s: TestSocket) => void) => {
    let listed: Promise<unknown> = Promise.resolve();
    const socket = await connectSocket(url, token, (s) => {
      setup?.(s);
      listed = new Promise((resolve) => {
        s.once('users:online', resolve);
        s.once('disconnect', resolve);
      });
    });
    sockets.push(socket);
    await listed;
    return socket;
  };
  const socketsOf = (userId: string) => redis.zrange(`${env.REDIS_PREFIX}sockets:u:${userId}`, '0', '-1');

  it("closes a member's oldest socket, on either process, once they hold one past the cap", async () => {
    const u1 = await createUser(a.app);
    const u2 = await createUser(a.app);
    await makeFriends(a.app, u1.user.id, u2.user.id);
    const urls = [await listenUrl(a.app), await listenUrl(b.app)];
    const s1 = await counted(urls[0] as string, u1.token);
    const offlines = record(s1, 'user:offline');
    const tabs: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) tabs.push(await counted(urls[i % 2] as string, u2.token));
    const closed: string[] = [];
    for (const [i, tab] of tabs.entries()) tab.on('disconnect', (reason) => closed.push(`${i} ${reason}`));
    const firstGone = new Promise((resolve) => tabs[0]?.once('disconnect', resolve));

    // The first is on A; the one past the cap connects to B.
    tabs.push(await counted(urls[1] as string, u2.token));
    await firstGone;
    const online = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id);
    s1.emit('user:lastSeen', { userId: u2.user.id });
    await online;
    expect(offlines).toEqual([]);
    expect(closed).toEqual(['0 io server disconnect']);
    const open = tabs.filter((tab) => tab.connected);
    expect(open).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    expect((await socketsOf(u2.user.id)).map((m) => m.split('|')[1]).sort()).toEqual(open.map((t) => t.id).sort());

    // A socket that closes by itself leaves the count.
    tabs[5]?.close();
    await eventually(async () => (await socketsOf(u2.user.id)).length === MAX_SOCKETS_PER_MEMBER - 1 || undefined);
    tabs.push(await counted(urls[0] as string, u2.token));
    expect(tabs.filter((tab) => tab.connected)).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    expect(closed).toEqual(['0 io server disconnect', '5 io client disconnect']);
  });

  it('puts presence and sockets back when Redis loses them, and announces who came back', async () => {
    const u1 = await createUser(a.app);
    const u2 = await createUser(a.app);
    await makeFriends(a.app, u1.user.id, u2.user.id);
    const s1 = await counted(await listenUrl(a.app), u1.token);
    const online = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id);
    await counted(await listenUrl(b.app), u2.token);
    await online;

    // As after a restart of Redis without persistence, for this suite's presence keys.
    const back = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id, 5000);
    const lost = [
      ...(await redis.keys(`${env.REDIS_PREFIX}presence:*`)),
      ...(await redis.keys(`${env.REDIS_PREFIX}sockets:*`)),
    ];
    await redis.del(...lost);
    await back;
    // Each process at its own next heartbeat.
    await eventually(async () => {
      const listed = await redis.zcard(`${env.REDIS_PREFIX}presence:procs`);
      const u1Present = await redis.scard(`${env.REDIS_PREFIX}presence:u:${u1.user.id}`);
      const u2Sockets = (await socketsOf(u2.user.id)).length;
      return (listed === 2 && u1Present === 1 && u2Sockets === 1) || undefined;
    });
  });

  it('leaves a member exactly the cap when many sockets connect at once on both processes', async () => {
    const u = await createUser(a.app);
    const urls = [await listenUrl(a.app), await listenUrl(b.app)];
    const extra = 6;
    let gone = 0;
    let allGone: () => void = () => {};
    const evicted = new Promise<void>((resolve) => {
      allGone = resolve;
    });
    // Each socket's disconnect is watched from before it connects: under load one may be closed
    // past the cap before it is even listed.
    const tabs = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_MEMBER + extra }, (_, i) =>
        counted(urls[i % 2] as string, u.token, (tab) =>
          tab.on('disconnect', () => {
            if (++gone === extra) allGone();
          }),
        ),
      ),
    );
    await evicted;
    const open = tabs.filter((tab) => tab.connected);
    expect(open).toHaveLength(MAX_SOCKETS_PER_MEMBER);
    expect((await socketsOf(u.user.id)).map((m) => m.split('|')[1]).sort()).toEqual(open.map((t) => t.id).sort());
  });
});

// The shipped settings: a process that dies takes its members offline elsewhere within 10 s,
// and the presence upkeep writes to Redis per process, not per socket.
describe.runIf(redisUrl)('a process that dies (Redis, default presence settings)', () => {
  const env = {
    REDIS_URL: redisUrl as string,
    REDIS_PREFIX: `kinodost-test-${randomBytes(4).toString('hex')}:`,
  };
  const BOUND_MS = 10_000;
  let a: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    a = await buildTestApp(env);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => a.close());

  it('takes the members of a process that stops talking to Redis offline within the bound', async () => {
    const victim = await buildTestApp(env, a);
    try {
      const u1 = await createUser(a.app);
      const u2 = await createUser(a.app);
      await makeFriends(a.app, u1.user.id, u2.user.id);
      const s1 = await connectSocket(await listenUrl(a.app), u1.token);
      sockets.push(s1);
      const online = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id);
      sockets.push(await connectSocket(await listenUrl(victim.app), u2.token));
      await online;

      // A crash as Redis sees it: no more heartbeats, and nothing of the victim's removed.
      const offline = nextEvent(s1, 'user:offline', (p) => p.userId === u2.user.id, BOUND_MS + 5000);
      const crashedAt = Date.now();
      victim.app.redis?.disconnect();
      const { lastSeen } = await offline;
      expect(Date.now() - crashedAt).toBeLessThan(BOUND_MS);
      expect(lastSeen).not.toBeNull();
      // Everything the victim held went with it: u2 has no connection or socket left in Redis.
      const admin = new Redis(redisUrl as string);
      try {
        expect(await admin.scard(`${env.REDIS_PREFIX}presence:u:${u2.user.id}`)).toBe(0);
        expect(await admin.zcard(`${env.REDIS_PREFIX}sockets:u:${u2.user.id}`)).toBe(0);
      } finally {
        admin.disconnect();
      }
    } finally {
      await victim.close();
    }
  }, 30_000);

  it('writes presence upkeep to Redis less than once per socket per 3 s', async () => {
    const b = await buildTestApp(env, a);
    const monitor = new Redis(redisUrl as string);
    try {
      const urls = [await listenUrl(a.app), await listenUrl(b.app)];
      const members = await Promise.all(Array.from({ length: 20 }, () => createUser(a.app)));
      for (const [i, m] of members.entries()) {
        let listed: Promise<unknown> = Promise.resolve();
        sockets.push(
          await connectSocket(urls[i % 2] as string, m.token, (s) => {
            listed = new Promise((resolve) => s.once('users:online', resolve));
          }),
        );
        await listed;
      }
      // Every connection's own writes are done before the window opens.
      const admin = new Redis(redisUrl as string);
      try {
        await eventually(async () => {
          const counts = await Promise.all(
            members.map((m) => admin.scard(`${env.REDIS_PREFIX}presence:u:${m.user.id}`)),
          );
          return counts.every((c) => c === 1) || undefined;
        });
      } finally {
        admin.disconnect();
      }

      const seen: string[][] = [];
      const watch = await monitor.monitor();
      watch.on('monitor', (_time: string, args: string[]) => {
        const name = args[0]?.toLowerCase();
        // A script's own commands are listed one by one after it.
        if (name === 'eval' || name === 'evalsha') return;
        if (args.some((arg) => arg.startsWith(env.REDIS_PREFIX))) seen.push(args);
      });
      const windowMs = 6000;
      await setTimeout(windowMs); // a measuring window: the heartbeats run on their own clock
      watch.disconnect();

      const writes = await writeCommands(seen);
      expect(writes.length).toBeGreaterThan(0); // the heartbeats were seen
      expect(writes.length).toBeLessThanOrEqual((members.length * windowMs) / 3000);
    } finally {
      monitor.disconnect();
      await b.close();
    }
  }, 60_000);

  // A real second process, killed with SIGKILL: it says goodbye to nobody.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'users of a process killed with SIGKILL go offline elsewhere within the bound',
    async () => {
      const u1 = await createUser(a.app);
      const u2 = await createUser(a.app);
      await makeFriends(a.app, u1.user.id, u2.user.id);
      const s1 = await connectSocket(await listenUrl(a.app), u1.token);
      sockets.push(s1);

      const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-kill-'));
      const child = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), path.join(import.meta.dirname, '../../main.ts')],
        {
          env: {
            ...process.env,
            ...env,
            DATA_DIR: dataDir,
            DATABASE_URL: a.database.url as string,
            JWT_SECRET: a.app.config.jwtSecret,
            PORT: '0',
            HOST: '127.0.0.1',
            LOG_LEVEL: 'info',
            WEB_DIST: path.join(dataDir, 'none'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      try {
        let out = '';
        child.stdout?.on('data', (d) => {
          out += d;
        });
        const port = await new Promise<string>((resolve, reject) => {
          const timer = setInterval(() => {
            const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
            if (m?.[1]) {
              clearInterval(timer);
              resolve(m[1]);
            }
          }, 50);
          child.once('exit', () => reject(new Error(`child exited:\n${out}`)));
        });
        const online = nextEvent(s1, 'user:online', (p) => p.userId === u2.user.id);
        const s2 = await connectSocket(`http://127.0.0.1:${port}`, u2.token);
        sockets.push(s2);
        await online;

        const offline = nextEvent(s1, 'user:offline', (p) => p.userId === u2.user.id, BOUND_MS + 5000);
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await offline;
        const took = Date.now() - killedAt;
        expect(took).toBeLessThan(BOUND_MS);
      } finally {
        child.kill('SIGKILL');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // A second server process starts first: on a loaded 2-core machine that alone can take 20 s.
    120_000,
  );
});

/** The commands of `seen` that Redis flags as writes. */
async function writeCommands(seen: string[][]): Promise<string[][]> {
  const admin = new Redis(redisUrl as string);
  try {
    const names = [...new Set(seen.map((args) => (args[0] as string).toLowerCase()))];
    if (names.length === 0) return [];
    const info = (await admin.call('COMMAND', 'INFO', ...names)) as [string, number, string[]][];
    const writing = new Set(info.filter((c) => c?.[2]?.includes('write')).map((c) => c[0]));
    return seen.filter((args) => writing.has((args[0] as string).toLowerCase()));
  } finally {
    admin.disconnect();
  }
}
