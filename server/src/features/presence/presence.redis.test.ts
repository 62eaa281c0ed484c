import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeFriends } from '../../test/factories/friendship';
import { createUser } from '../../test/factories/user';
import { connectSocket, listenUrl, nextEvent, type TestSocket } from '../../test/socket-client';

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
  beforeAll(async () => {
    a = await buildTestApp(env);
    b = await buildTestApp(env, a);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
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
    const s1 = await connectSocket(await listenUrl(a.app), u1.token);
    const s2 = await connectSocket(await listenUrl(b.app), u2.token);
    sockets.push(s1, s2);
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

  // A real second process, killed with SIGKILL: it says goodbye to nobody.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'users of a process killed with SIGKILL go offline elsewhere within the TTL bound',
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

        // ttl + ttl/3 by design (presence.redis-store.ts); the margin covers the reaping
        // timer firing late and the queries behind the announcement on a loaded machine.
        const bound = (TTL + TTL / 3) * 1000 + 6000;
        const offline = nextEvent(s1, 'user:offline', (p) => p.userId === u2.user.id, bound);
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await offline;
        const took = Date.now() - killedAt;
        expect(took).toBeLessThan(bound);
      } finally {
        child.kill('SIGKILL');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // A second server process starts first: on a loaded 2-core machine that alone can take 20 s.
    120_000,
  );
});
