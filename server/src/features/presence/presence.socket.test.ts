import { createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeFriends } from '../../test/factories/friendship';
import { createUser, type FactoryUser, reloadUser } from '../../test/factories/user';
import {
  connectSocket,
  listenUrl,
  nextEvent,
  record,
  roundTrip,
  signal,
  type TestSocket,
} from '../../test/socket-client';
import { MAX_SOCKETS_PER_MEMBER } from './presence.store';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];
const connect = async (token?: string) => {
  const s = await connectSocket(url, token);
  open.push(s);
  return s;
};

beforeAll(async () => {
  t = await buildTestApp();
  url = await listenUrl(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

/** Resolves once the server has seen `socket` close (and begun to take it out of presence). */
function closedAtServer(socket: TestSocket): Promise<void> {
  const serverSide = t.app.io.of('/').sockets.get(socket.id as string);
  if (!serverSide) throw new Error('the server does not know this socket');
  const gone = new Promise<void>((resolve) => serverSide.once('disconnect', () => resolve()));
  socket.close();
  return gone;
}

/** `who` connects and leaves; resolves once `friend` is told, so the last-seen time is stored. */
async function leaves(friend: FactoryUser, who: FactoryUser) {
  const watching = await connect(friend.token);
  const online = nextEvent(watching, 'user:online', (p) => p.userId === who.user.id);
  const socket = await connect(who.token);
  await online;
  const offline = nextEvent(watching, 'user:offline', (p) => p.userId === who.user.id);
  socket.close();
  await offline;
  watching.close();
}

/** Two friends and a stranger, fresh for each test. */
async function trio() {
  const a = await createUser(t.app);
  const b = await createUser(t.app);
  const stranger = await createUser(t.app);
  await makeFriends(t.app, a.user.id, b.user.id);
  return { a, b, stranger };
}

describe('the handshake', () => {
  it('refuses a socket without a token, with a forged one, and with a revoked one', async () => {
    const { a } = await trio();
    await expect(connectSocket(url)).rejects.toMatchObject({
      message: msg.auth.invalidToken,
      data: { success: false, error: msg.auth.invalidToken, code: 'UNAUTHORIZED' },
    });
    const forged = createSigner({ key: 'x'.repeat(40), algorithm: 'HS256' })({ sub: a.user.id, ver: 0 });
    await expect(connectSocket(url, forged)).rejects.toThrow(msg.auth.invalidToken);
    await expect(connectSocket(url, 'not.a.jwt')).rejects.toThrow(msg.auth.invalidToken);
    const change = await t.injectAs(a.token, {
      method: 'PUT',
      url: '/api/user/change-password',
      payload: { currentPassword: a.password, newPassword: 'tamamilə-yeni-parol-9' },
    });
    expect(change.statusCode).toBe(200);
    await expect(connectSocket(url, a.token)).rejects.toThrow(msg.auth.invalidToken);
    const fresh = await connect(change.json().token);
    expect(fresh.connected).toBe(true);
  });
});

describe('presence', () => {
  it('sends users:online on connect and user:online / user:offline {lastSeen} to friends only', async () => {
    const { a, b, stranger } = await trio();
    const sa = await connect(a.token);
    const strangerSocket = await connect(stranger.token);
    const strangerSaw = record(strangerSocket, 'user:online');

    const sawB = nextEvent(sa, 'user:online', (p) => p.userId === b.user.id);
    const sbListPromise = connectSocket(url, b.token);
    const sb = await sbListPromise;
    open.push(sb);
    await sawB;

    const offline = nextEvent(sa, 'user:offline', (p) => p.userId === b.user.id);
    const closedAt = Date.now();
    sb.close();
    const payload = await offline;
    const lastSeen = Date.parse(payload.lastSeen as string);
    expect(lastSeen).toBeGreaterThanOrEqual(closedAt);
    expect(lastSeen).toBeLessThanOrEqual(Date.now());
    expect((await reloadUser(t.app, b.user.id))?.lastSeenAt?.toISOString()).toBe(payload.lastSeen);
    // Whatever the stranger was sent about b came before the answer to its own question.
    await roundTrip(strangerSocket, stranger.user.id);
    expect(strangerSaw.filter((p) => p.userId === b.user.id)).toEqual([]);
  });

  it('a heartbeat still being checked when its socket closes does not bring the user back online', async () => {
    const { a, b } = await trio();
    // The heartbeat re-checks the token (an await) before it marks the socket present: a socket
    // gone meanwhile must stay gone, or the user shows online with no connection left.
    const sa = await connect(a.token);
    const bOnline = nextEvent(sa, 'user:online', (p) => p.userId === b.user.id);
    const sb = await connectSocket(url, b.token);
    await bOnline;
    const check = t.app.userForToken;
    // The check is held until the socket is gone, as a slow database would hold it.
    const [checking, checkStarted] = signal();
    const [gate, openGate] = signal();
    let checked: Promise<unknown> = Promise.resolve();
    t.app.userForToken = (token) => {
      checkStarted();
      const result = gate.then(() => check(token));
      checked = result;
      return result;
    };
    try {
      sb.emit('user:online', { userId: b.user.id });
      await checking;
      const bOffline = nextEvent(sa, 'user:offline', (p) => p.userId === b.user.id);
      sb.emit('user:offline', { userId: b.user.id }); // the page goes away (pagehide), then its socket
      sb.close();
      await bOffline;
      openGate();
      await checked;
    } finally {
      openGate();
      t.app.userForToken = check;
    }
    let list: Promise<string[]> = Promise.resolve(['never listened']);
    open.push(
      await connectSocket(url, a.token, (s) => {
        list = new Promise((resolve) => s.once('users:online', resolve));
      }),
    );
    expect(await list).toEqual([]);
  });

  it('lists the friends already online in users:online', async () => {
    const { a, b, stranger } = await trio();
    const sa = await connect(a.token);
    await connect(stranger.token);
    expect(await roundTrip(sa, a.user.id)).toBe('online');
    let list: Promise<string[]> = Promise.resolve([]);
    open.push(
      await connectSocket(url, b.token, (s) => {
        list = new Promise((resolve) => s.once('users:online', resolve));
      }),
    );
    expect(await list).toEqual([a.user.id]);
  });

  it('keeps a user with several tabs online until the last one closes', async () => {
    const { a, b } = await trio();
    const sa = await connect(a.token);
    const tab1 = await connect(b.token);
    const tab2 = await connect(b.token);
    const offlines = record(sa, 'user:offline');
    await closedAtServer(tab1);
    // b is still online, and nothing said otherwise before that answer.
    expect(await roundTrip(sa, b.user.id)).toBe('online');
    expect(offlines.filter((p) => p.userId === b.user.id)).toEqual([]);
    const gone = nextEvent(sa, 'user:offline', (p) => p.userId === b.user.id);
    tab2.close();
    await gone;
  });

  it('takes the user from the token, never from the payload: a spoofed user:offline only affects the sender', async () => {
    const { a, b } = await trio();
    const c = await createUser(t.app);
    await makeFriends(t.app, a.user.id, c.user.id);
    const sa = await connect(a.token);
    const sc = await connect(c.token);
    const sb = await connect(b.token);
    const aOfflineSeenByC = record(sc, 'user:offline');
    // b claims to be a: the server applies it to b itself.
    const bGone = nextEvent(sa, 'user:offline', (p) => p.userId === b.user.id);
    sb.emit('user:offline', { userId: a.user.id });
    await bGone;
    await roundTrip(sc, c.user.id);
    expect(aOfflineSeenByC.filter((p) => p.userId === a.user.id)).toEqual([]);
    // And user:online brings b back.
    const back = nextEvent(sa, 'user:online', (p) => p.userId === b.user.id);
    sb.emit('user:online', { userId: a.user.id });
    await back;
  });

  it("answers user:lastSeen with the stored time, and watchers then get that user's changes", async () => {
    const { a, b, stranger } = await trio();
    await leaves(a, b);
    const watcher = await connect(stranger.token);
    const response = nextEvent(watcher, 'user:lastSeenResponse', (p) => p.userId === b.user.id);
    watcher.emit('user:lastSeen', { userId: b.user.id });
    const { lastSeen } = await response;
    expect(lastSeen).toBe((await reloadUser(t.app, b.user.id))?.lastSeenAt?.toISOString());
    const online = nextEvent(watcher, 'user:online', (p) => p.userId === b.user.id);
    await connect(b.token);
    await online;
    // An unknown id or garbage gets no answer and breaks nothing.
    const answers = record(watcher, 'user:lastSeenResponse');
    watcher.emit('user:lastSeen', { userId: '00000000-0000-4000-8000-000000000000' });
    watcher.emit('user:lastSeen', { userId: "1' or 1=1" } as never);
    // The socket's events are handled in order: those two were done with before this one.
    expect(await roundTrip(watcher, stranger.user.id)).toBe('online');
    expect(answers).toEqual([]);
    expect(watcher.connected).toBe(true);
    // The id in capitals is the same member, online: never a false "last seen".
    const again = nextEvent(watcher, 'user:online', (p) => p.userId === b.user.id);
    watcher.emit('user:lastSeen', { userId: b.user.id.toUpperCase() });
    await again;
    expect(answers).toEqual([]);
  });

  it('watchers of a member hear of their profile changes; one who stops being public is no longer theirs to watch', async () => {
    const { a, b, stranger } = await trio();
    const watcher = await connect(stranger.token);
    const friend = await connect(a.token);
    const answered = nextEvent(watcher, 'user:lastSeenResponse', (p) => p.userId === b.user.id);
    watcher.emit('user:lastSeen', { userId: b.user.id });
    await answered;
    const watcherHeard = record(watcher, 'profile:changed');
    const friendHeard = record(friend, 'profile:changed');
    const edit = (body: object) => t.injectAs(b.token, { method: 'PUT', url: '/api/user/profile', payload: body });

    // A new name while public: the page watching fetches it again; the friend, not watching, hears nothing.
    const renamed = nextEvent(watcher, 'profile:changed', (p) => p.userId === b.user.id);
    expect((await edit({ username: `${b.user.username}_2` })).statusCode).toBe(200);
    expect(await renamed).toEqual({ userId: b.user.id });

    // Friends only: the stranger is told the presence is gone, the friend to fetch again.
    const hidden = nextEvent(watcher, 'profile:changed', (p) => p.presence === false);
    const toFriend = nextEvent(friend, 'profile:changed', (p) => p.userId === b.user.id);
    expect((await edit({ visibility: 'friends' })).statusCode).toBe(200);
    expect(await hidden).toEqual({ userId: b.user.id, presence: false });
    expect(await toFriend).toEqual({ userId: b.user.id });
    expect(friendHeard).toEqual([{ userId: b.user.id }]);
    expect(watcherHeard).toEqual([{ userId: b.user.id }, { userId: b.user.id, presence: false }]);

    // The stranger left the watch: b coming online reaches the friend and not them.
    const online = record(watcher, 'user:online');
    const friendSees = nextEvent(friend, 'user:online', (p) => p.userId === b.user.id);
    await connect(b.token);
    await friendSees;
    expect(await roundTrip(watcher, stranger.user.id)).toBe('online');
    expect(online.filter((p) => p.userId === b.user.id)).toEqual([]);
  });

  it('keeps lastSeen across a restart (it lives in the database)', async () => {
    const { a, b, stranger } = await trio();
    await leaves(a, b);
    const stored = (await reloadUser(t.app, b.user.id))?.lastSeenAt?.toISOString();
    expect(stored).toBeDefined();
    const restarted = await buildTestApp({}, t);
    try {
      const watcher = await connectSocket(await listenUrl(restarted.app), stranger.token);
      open.push(watcher);
      const response = nextEvent(watcher, 'user:lastSeenResponse');
      watcher.emit('user:lastSeen', { userId: b.user.id });
      expect((await response).lastSeen).toBe(stored);
    } finally {
      await restarted.close();
    }
  });

  it('shows last_seen on the public profile after the user leaves', async () => {
    const { a, b } = await trio();
    await leaves(a, b);
    const profile = await t.inject({ method: 'GET', url: `/api/user/profile/${b.user.id}` });
    expect(profile.json().last_seen).not.toBeNull();
  });
});

describe('live events', () => {
  it('delivers a friend request and its acceptance at once', async () => {
    const a: FactoryUser = await createUser(t.app, { username: 'live_sender' });
    const b = await createUser(t.app);
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const incoming = nextEvent(sb, 'friend:request');
    const sent = await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` });
    expect(sent.statusCode).toBe(201);
    const event = await incoming;
    expect(event).toEqual({
      requestId: sent.json().requestId,
      sender: { id: a.user.id, username: 'live_sender', avatar_url: null },
    });
    const accepted = nextEvent(sa, 'friend:accepted');
    const nowOnline = nextEvent(sa, 'user:online', (p) => p.userId === b.user.id);
    await t.injectAs(b.token, { method: 'PUT', url: `/api/friends/accept/${event.requestId}` });
    expect(await accepted).toEqual({ requestId: event.requestId, userId: b.user.id });
    await nowOnline;
  });

  it('disconnects the sockets of a user whose tokens were revoked', async () => {
    const a = await createUser(t.app);
    const sa = await connect(a.token);
    const gone = new Promise<string>((resolve) => sa.once('disconnect', resolve));
    await t.injectAs(a.token, {
      method: 'PUT',
      url: '/api/user/change-password',
      payload: { currentPassword: a.password, newPassword: 'başqa-yeni-parol-7' },
    });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('abuse', () => {
  it('cuts a socket that sends an oversized message, others unaffected', async () => {
    const { a, b } = await trio();
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const gone = new Promise<string>((resolve) => sb.once('disconnect', resolve));
    sb.emit('user:lastSeen', { userId: 'x'.repeat(20 * 1024) });
    expect(await gone).toBe('transport close');
    expect(sa.connected).toBe(true);
  });

  it('drops a flood of events and cuts the flooding socket, others unaffected', async () => {
    const { a, b } = await trio();
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const gone = new Promise<string>((resolve) => sb.once('disconnect', resolve));
    const bOffline = nextEvent(sa, 'user:offline', (p) => p.userId === b.user.id);
    for (let i = 0; i < 300; i++) sb.emit('user:lastSeen', { userId: a.user.id });
    expect(await gone).toBe('io server disconnect');
    await bOffline;
    const stillServed = nextEvent(sa, 'user:lastSeenResponse');
    sa.emit('user:lastSeen', { userId: b.user.id });
    await stillServed;
  });
});

describe('sockets per member', () => {
  it('closes the oldest socket of a member who opens one past the cap; the member stays online', async () => {
    const { a, b } = await trio();
    const sa = await connect(a.token);
    const offlines = record(sa, 'user:offline');
    const tabs: TestSocket[] = [];
    const closed: string[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) tabs.push(await connect(b.token));
    for (const [i, tab] of tabs.entries()) tab.on('disconnect', (reason) => closed.push(`${i} ${reason}`));
    const firstGone = new Promise((resolve) => tabs[0]?.once('disconnect', resolve));

    tabs.push(await connect(b.token));
    await firstGone;
    // b is still online for a friend, and nobody was told otherwise.
    const online = nextEvent(sa, 'user:online', (p) => p.userId === b.user.id);
    sa.emit('user:lastSeen', { userId: b.user.id });
    await online;
    expect(offlines).toEqual([]);
    expect(closed).toEqual(['0 io server disconnect']);
    expect(tabs.filter((tab) => tab.connected)).toHaveLength(MAX_SOCKETS_PER_MEMBER);

    // The next one closes the then oldest.
    const secondGone = new Promise((resolve) => tabs[1]?.once('disconnect', resolve));
    tabs.push(await connect(b.token));
    await secondGone;
    expect(closed).toEqual(['0 io server disconnect', '1 io server disconnect']);
    expect(tabs.filter((tab) => tab.connected)).toHaveLength(MAX_SOCKETS_PER_MEMBER);
  });
});

describe('origins', () => {
  it('allows a listed development origin (SOCKET_ORIGINS) and no other cross origin', async () => {
    const dev = await buildTestApp({ SOCKET_ORIGINS: 'http://localhost:5173' });
    try {
      const base = await listenUrl(dev.app);
      const preflight = (origin: string) =>
        fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { origin } }).then((r) =>
          r.headers.get('access-control-allow-origin'),
        );
      expect(await preflight('http://localhost:5173')).toBe('http://localhost:5173');
      expect(await preflight('http://evil.example')).toBeNull();
    } finally {
      await dev.close();
    }
    const plain = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
