import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createAdmin, createUser } from '../../test/factories/user';
import { connectSocket, listenUrl, nextEvent, record, roundTrip, type TestSocket } from '../../test/socket-client';

// feed:new reaches the actor and their online friends, notification:new its member, on the
// process that made it and, with Redis, on every other process.
const redisUrl = process.env.TEST_REDIS_URL;

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
const connect = async (app: TestApp, token: string) => {
  const s = await connectSocket(await listenUrl(app.app), token);
  sockets.push(s);
  return s;
};

/** A friend rates a film on `writer` while the other member listens on `reader`; a stranger hears nothing. */
async function feedJourney(writer: TestApp, reader: TestApp) {
  const [me, friend, stranger] = await Promise.all([
    createUser(writer.app),
    createUser(writer.app),
    createUser(writer.app),
  ]);
  await makeFriends(writer.app, me.user.id, friend.user.id);
  const film = await createFilm(writer.app, { title: 'Stalker', year: 1979 });
  const friendSocket = await connect(reader, friend.token);
  const strangerSocket = await connect(reader, stranger.token);
  const strangerHeard = record(strangerSocket, 'feed:new');
  const arrived = nextEvent(friendSocket, 'feed:new');
  const res = await writer.injectAs(me.token, {
    method: 'POST',
    url: '/api/movies',
    payload: { film_id: film.id, status: 'watched', rating: 7 },
  });
  expect(res.statusCode).toBe(201);
  expect(await arrived).toEqual({
    item: {
      id: expect.any(String),
      type: 'watched',
      actor: { id: me.user.id, username: me.user.username, avatar_url: null },
      film: { id: film.id, title: 'Stalker', year: 1979, poster_url: null },
      rating: 7,
      created_at: expect.any(String),
    },
  });
  // The same item the feed lists.
  const feed = (await reader.injectAs(friend.token, { method: 'GET', url: '/api/feed' })).json();
  expect(feed.data[0]).toEqual((await arrived).item);
  // Everything sent to the stranger before this round trip has arrived: nothing was.
  await roundTrip(strangerSocket, me.user.id);
  expect(strangerHeard).toEqual([]);
}

/** An admin on `writer` approves a comment; its author, listening on `reader`, is told. */
async function notificationJourney(writer: TestApp, reader: TestApp) {
  const [author, admin] = await Promise.all([createUser(writer.app), createAdmin(writer.app)]);
  const film = await createFilm(writer.app, { title: 'Mirror' });
  const posted = await writer.injectAs(author.token, {
    method: 'POST',
    url: `/api/films/${film.id}/comments`,
    payload: { text: 'Yaddaş haqqında film' },
  });
  expect(posted.statusCode).toBe(201);
  const socket = await connect(reader, author.token);
  const arrived = nextEvent(socket, 'notification:new');
  const approved = await writer.injectAs(admin.token, {
    method: 'PUT',
    url: `/api/admin/comments/${posted.json().id}/approve`,
  });
  expect(approved.statusCode).toBe(200);
  expect(await arrived).toEqual({
    notification: {
      id: expect.any(String),
      type: 'comment_approved',
      film: { id: film.id, title: 'Mirror', year: null, poster_url: null },
      text: 'Yaddaş haqqında film',
      read: false,
      created_at: expect.any(String),
    },
  });
}

describe('live feed items and notifications (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('feed:new reaches an online friend, not a stranger', () => feedJourney(t, t));
  it('notification:new tells a comment’s author of its approval', () => notificationJourney(t, t));
  it('a friends item goes live only to those who may see its new friend: not to one they blocked', async () => {
    const [b, viewer, blocker] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await makeFriends(t.app, viewer.user.id, b.user.id);
    expect(
      (await t.injectAs(blocker.token, { method: 'POST', url: `/api/user/${viewer.user.id}/block` })).statusCode,
    ).toBe(204);
    const viewerSocket = await connect(t, viewer.token);
    const bSocket = await connect(t, b.token);
    const viewerHeard = record(viewerSocket, 'feed:new');
    const toB = nextEvent(bSocket, 'feed:new');
    const sent = await t.injectAs(blocker.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` });
    expect(sent.statusCode).toBe(201);
    expect(
      (await t.injectAs(b.token, { method: 'PUT', url: `/api/friends/accept/${sent.json().requestId}` })).statusCode,
    ).toBe(200);
    expect(await toB).toMatchObject({ item: { type: 'friends' } });
    await roundTrip(viewerSocket, b.user.id);
    expect(viewerHeard).toEqual([]);
  });

  it('a friend request is a notification:new for its receiver', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const socket = await connect(t, b.token);
    const arrived = nextEvent(socket, 'notification:new');
    expect((await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` })).statusCode).toBe(
      201,
    );
    expect(await arrived).toMatchObject({
      notification: { type: 'friend_request', actor: { id: a.user.id }, read: false },
    });
  });

  it("marking notifications read tells the member's every socket, once there was something to mark", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const [tab1, tab2] = await Promise.all([connect(t, b.token), connect(t, b.token)]);
    const otherHeard = record(await connect(t, a.token), 'notifications:read');
    const arrived = nextEvent(tab1, 'notification:new');
    await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` });
    await arrived;
    const told = Promise.all([nextEvent(tab1, 'notifications:read'), nextEvent(tab2, 'notifications:read')]);
    const read = await t.injectAs(b.token, { method: 'POST', url: '/api/notifications/read', payload: {} });
    expect(read.json()).toEqual({ success: true, count: 1 });
    await told;
    // Nothing left to mark: no event.
    const heardAgain = record(tab2, 'notifications:read');
    await t.injectAs(b.token, { method: 'POST', url: '/api/notifications/read', payload: {} });
    await roundTrip(tab2, a.user.id);
    expect(heardAgain).toEqual([]);
    expect(otherHeard).toEqual([]);
  });

  it("seeing the newsletters tells the member's every socket", async () => {
    const [admin, member] = await Promise.all([createAdmin(t.app), createUser(t.app)]);
    const created = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/newsletters/admin/create',
      payload: { title: 'Yenilik', content: 'Mətn', is_important: false },
    });
    expect(created.statusCode).toBe(201);
    const [tab1, tab2] = await Promise.all([connect(t, member.token), connect(t, member.token)]);
    const told = Promise.all([nextEvent(tab1, 'newsletters:viewed'), nextEvent(tab2, 'newsletters:viewed')]);
    const viewed = await t.injectAs(member.token, {
      method: 'POST',
      url: `/api/newsletters/${created.json().id}/mark-viewed`,
    });
    expect(viewed.statusCode).toBeLessThan(300);
    await told;
  });

  it('an edited or deleted newsletter tells every member, so their headers fetch the list again', async () => {
    const [admin, member] = await Promise.all([createAdmin(t.app), createUser(t.app)]);
    const created = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/newsletters/admin/create',
      payload: { title: 'Silinəcək', content: 'Mətn', is_important: false },
    });
    const id = created.json().id as string;
    const socket = await connect(t, member.token);
    const edited = nextEvent(socket, 'newsletter:changed');
    await t.injectAs(admin.token, {
      method: 'PUT',
      url: `/api/newsletters/admin/${id}`,
      payload: { title: 'Düzəldilib' },
    });
    expect(await edited).toEqual({ id });
    const deleted = nextEvent(socket, 'newsletter:changed');
    expect((await t.injectAs(admin.token, { method: 'DELETE', url: `/api/newsletters/admin/${id}` })).statusCode).toBe(
      200,
    );
    expect(await deleted).toEqual({ id });
  });
});

describe.runIf(redisUrl)('live feed items and notifications across processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string, REDIS_PREFIX: `kinodost-test-${randomBytes(4).toString('hex')}:` };
    a = await buildTestApp(env);
    b = await buildTestApp(env, a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('feed:new made on one process reaches a friend connected to the other', () => feedJourney(a, b));
  it('notification:new made on one process reaches its member on the other', () => notificationJourney(a, b));
});
