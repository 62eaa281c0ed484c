import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, twoProcessesPerSuite } from '../test/build-test-app';
import { makeFriends } from '../test/factories/friendship';
import { createAdmin, createUser, type FactoryUser } from '../test/factories/user';
import { connectSocket, listenUrl, record, roundTrip, type TestSocket } from '../test/socket-client';

// A page fetches its data, then connects its socket with `since`, the server time of its first
// request: the socket is told to resync exactly when an event for its member went out since.
const redisUrl = process.env.TEST_REDIS_URL;

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** Connects `who` with `since`; answers whether realtime:resync came before a round trip's answer. */
async function toldToResync(t: TestApp, who: FactoryUser, since?: number): Promise<boolean> {
  let resync: ReturnType<typeof record<'realtime:resync'>> = [];
  const socket = await connectSocket(
    await listenUrl(t.app),
    since === undefined ? who.token : { token: who.token, since },
    (s) => {
      resync = record(s, 'realtime:resync');
    },
  );
  sockets.push(socket);
  // The server writes to a socket in order: all it sent on connect has arrived by the answer.
  await roundTrip(socket, who.user.id);
  return resync.length > 0;
}

describe('realtime:resync on connect (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('none when nothing went to the member since `since`; one when an event did, or a newsletter to everyone', async () => {
    const [me, friend, other, admin] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createAdmin(t.app),
    ]);
    await makeFriends(t.app, me.user.id, friend.user.id);
    const since = Date.now();
    // A request to someone else, and a friend coming online (presence comes whole on connect).
    const res = await t.injectAs(friend.token, { method: 'POST', url: `/api/friends/request/${other.user.id}` });
    expect(res.statusCode).toBe(201);
    const online = await connectSocket(await listenUrl(t.app), friend.token);
    sockets.push(online);
    await roundTrip(online, friend.user.id);
    expect(await toldToResync(t, me, since)).toBe(false);
    // The request went to `other` after `since`: their page may show it not.
    expect(await toldToResync(t, other, since)).toBe(true);
    expect(await toldToResync(t, other, Date.now())).toBe(false);

    const before = Date.now();
    const published = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/newsletters/admin/create',
      payload: { title: 'Yenilik', content: 'Hamı üçün.' },
    });
    expect(published.statusCode).toBe(201);
    expect(await toldToResync(t, me, before)).toBe(true);
  });

  it('always when it cannot know: no since, a malformed one, one before the process started or from the future', async () => {
    const me = await createUser(t.app);
    expect(await toldToResync(t, me)).toBe(true);
    for (const since of [Number.NaN, '2026-11-27', 0, Date.now() + 60_000] as number[]) {
      expect(await toldToResync(t, me, since)).toBe(true);
    }
    expect(await toldToResync(t, me, Date.now())).toBe(false);
  });
});

describe.runIf(redisUrl)('realtime:resync on connect (two processes, Redis)', () => {
  const apps = twoProcessesPerSuite(redisUrl as string);

  it('every new socket: an event may have gone out from the other process', async () => {
    const me = await createUser(apps.a.app);
    const since = Date.now();
    expect(await toldToResync(apps.a, me, since)).toBe(true);
    expect(await toldToResync(apps.b, me, Date.now())).toBe(true);
  });
});
