import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blocks, comments, users } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createMovie } from '../../test/factories/movie';
import { createUser, type FactoryUser } from '../../test/factories/user';
import { connectSocket, listenUrl, record, roundTrip, type TestSocket } from '../../test/socket-client';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await listenUrl(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

const as = (who: FactoryUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.injectAs(who.token, { method, url: path, ...(payload ? { payload } : {}) });
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('POST /api/user/{id}/block', () => {
  it('answers 204, and 204 again when blocked twice; the list shows it once', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const first = await as(a, 'POST', `/api/user/${b.user.id}/block`);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await as(a, 'POST', `/api/user/${b.user.id}/block`)).statusCode).toBe(204);
    const list = await as(a, 'GET', '/api/user/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      success: true,
      data: [
        {
          id: b.user.id,
          username: b.user.username,
          avatar_url: null,
          blocked_at: expect.any(String),
        },
      ],
    });
    // Only one's own blocks are listed.
    expect((await as(b, 'GET', '/api/user/blocks')).json()).toEqual({ success: true, data: [] });
  });

  it('refuses yourself (400), a missing member (404), a malformed id (400) and a visitor (401)', async () => {
    const a = await createUser(t.app);
    const self = await as(a, 'POST', `/api/user/${a.user.id}/block`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, error: 'Özünüzü bloklaya bilməzsiniz', code: 'BAD_REQUEST' });
    const missing = await as(a, 'POST', `/api/user/${MISSING}/block`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: msg.users.notFound, code: 'NOT_FOUND' });
    expect((await as(a, 'POST', '/api/user/not-a-uuid/block')).statusCode).toBe(400);
    const visitor = await t.inject({ method: 'POST', url: `/api/user/${a.user.id}/block` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, error: msg.auth.missingToken, code: 'UNAUTHORIZED' });
    expect((await t.inject({ method: 'GET', url: '/api/user/blocks' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: `/api/user/${a.user.id}/block` })).statusCode).toBe(401);
  });

  it('ends a friendship and pending requests both ways', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await makeFriends(t.app, a.user.id, b.user.id);
    expect((await as(c, 'POST', `/api/friends/request/${a.user.id}`)).statusCode).toBe(201);
    expect((await as(a, 'POST', `/api/user/${b.user.id}/block`)).statusCode).toBe(204);
    expect((await as(a, 'POST', `/api/user/${c.user.id}/block`)).statusCode).toBe(204);
    expect((await as(a, 'GET', '/api/friends')).json().total).toBe(0);
    expect((await as(b, 'GET', '/api/friends')).json().total).toBe(0);
    expect((await as(a, 'GET', '/api/friends/requests/incoming')).json().total).toBe(0);
    expect((await as(c, 'GET', '/api/friends/requests/outgoing')).json().total).toBe(0);
  });

  it('a friend request to the blocker, or from them, answers 404', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    const toBlocker = await as(b, 'POST', `/api/friends/request/${a.user.id}`);
    expect(toBlocker.statusCode).toBe(404);
    expect(toBlocker.json()).toEqual({ success: false, error: msg.users.notFound, code: 'NOT_FOUND' });
    expect((await as(a, 'POST', `/api/friends/request/${b.user.id}`)).statusCode).toBe(404);
    // Unblocked, they may ask again.
    expect((await as(a, 'DELETE', `/api/user/${b.user.id}/block`)).statusCode).toBe(204);
    expect((await as(b, 'POST', `/api/friends/request/${a.user.id}`)).statusCode).toBe(201);
  });

  it('the friendship status offers no request to either of a blocked pair, and says why to the blocker', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const status = async (who: FactoryUser, other: FactoryUser) =>
      (await as(who, 'GET', `/api/friends/status/${other.user.id}`)).json();
    expect(await status(b, a)).toMatchObject({ status: 'none', actionable: true });
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    expect(await status(a, b)).toEqual({ status: 'none', message: msg.friends.statusYouBlocked, actionable: false });
    expect(await status(b, a)).toEqual({ status: 'none', message: msg.friends.statusUnavailable, actionable: false });
    expect(msg.friends.statusYouBlocked).toBe('Bu istifadəçini bloklamısınız');
    await as(a, 'DELETE', `/api/user/${b.user.id}/block`);
    expect(await status(b, a)).toMatchObject({ status: 'none', actionable: true });
  });

  it('neither sees the other in the people search; others still do', async () => {
    const tag = `blk${Date.now().toString(36)}`;
    const a = await createUser(t.app, { username: `${tag}_a` });
    const b = await createUser(t.app, { username: `${tag}_b` });
    const c = await createUser(t.app, { username: `${tag}_c` });
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    const names = async (who: FactoryUser) =>
      (await as(who, 'GET', `/api/friends/people?q=${tag}`)).json().data.map((p: { username: string }) => p.username);
    expect(await names(a)).toEqual([c.user.username]);
    expect(await names(b)).toEqual([c.user.username]);
    expect(await names(c)).toEqual([a.user.username, b.user.username]);
  });

  it("neither reads the other's comments on a film; others and visitors still do", async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const film = await createFilm(t.app, { title: `Blok ${Date.now()}` });
    await t.app.database.db.insert(comments).values([
      { filmId: film.id, authorId: a.user.id, text: 'A yazır', status: 'approved' },
      { filmId: film.id, authorId: b.user.id, text: 'B yazır', status: 'approved' },
    ]);
    const texts = async (who: FactoryUser | null) => {
      const path = `/api/films/${film.id}/comments`;
      const res = who ? await as(who, 'GET', path) : await t.app.inject({ method: 'GET', url: path });
      const body = res.json();
      expect(body.total).toBe(body.data.length);
      return body.data.map((x: { text: string }) => x.text).sort();
    };
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    expect(await texts(a)).toEqual(['A yazır']);
    expect(await texts(b)).toEqual(['B yazır']);
    expect(await texts(c)).toEqual(['A yazır', 'B yazır']);
    expect(await texts(null)).toEqual(['A yazır', 'B yazır']);
    await as(a, 'DELETE', `/api/user/${b.user.id}/block`);
    expect(await texts(b)).toEqual(['A yazır', 'B yazır']);
  });

  it("neither sees the other's collection, even when public, and the answer is not served from the cache", async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await createMovie(t.app, a.user.id);
    await createMovie(t.app, b.user.id);
    // Read (and cached) before the block.
    expect((await as(b, 'GET', `/api/movies/user/${a.user.id}`)).json().total).toBe(1);
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    expect((await as(b, 'GET', `/api/movies/user/${a.user.id}`)).json()).toMatchObject({
      data: [],
      total: 0,
      hidden: true,
    });
    expect((await as(a, 'GET', `/api/movies/user/${b.user.id}`)).json()).toMatchObject({ hidden: true });
    await as(a, 'DELETE', `/api/user/${b.user.id}/block`);
    expect((await as(b, 'GET', `/api/movies/user/${a.user.id}`)).json().total).toBe(1);
  });

  it('the one blocked cannot lift the block; DELETE without a block is 204 and changes nothing', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    expect((await as(b, 'DELETE', `/api/user/${a.user.id}/block`)).statusCode).toBe(204);
    const rows = await t.app.database.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, a.user.id), eq(blocks.blockedId, b.user.id)));
    expect(rows).toHaveLength(1);
    expect((await as(a, 'DELETE', `/api/user/${MISSING}/block`)).statusCode).toBe(204);
  });
});

describe('presence after a block', () => {
  it('a watcher stops hearing the blocker’s presence, and asking again is not answered', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const watcher = await connectSocket(url, b.token);
    open.push(watcher);
    // a is public: b, a member, may watch a's presence.
    expect(await roundTrip(watcher, a.user.id)).toBeNull();
    await as(a, 'POST', `/api/user/${b.user.id}/block`);
    const heard = record(watcher, 'user:online');
    const aSocket = await connectSocket(url, a.token);
    open.push(aSocket);
    // a's own presence reaches a's friends and watchers before a's next event is handled.
    await roundTrip(aSocket, a.user.id);
    await roundTrip(watcher, b.user.id);
    expect(heard.filter((p) => p.userId === a.user.id)).toEqual([]);
    const answers = record(watcher, 'user:lastSeenResponse');
    watcher.emit('user:lastSeen', { userId: a.user.id });
    await roundTrip(watcher, b.user.id);
    expect(answers.filter((p) => p.userId === a.user.id)).toEqual([]);
  });

  it('a member who turns friends-only is no longer heard by a watcher who is not a friend', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const watcher = await connectSocket(url, b.token);
    open.push(watcher);
    expect(await roundTrip(watcher, a.user.id)).toBeNull();
    const put = await as(a, 'PUT', '/api/user/profile', { visibility: 'friends' });
    expect(put.statusCode).toBe(200);
    const heard = record(watcher, 'user:online');
    // The listener that empties the watch room reads the row first: wait for a's own answer
    // (a socket's events are handled in order, so its coming online is done by then; its own
    // users:online may arrive before a listener could be added, so it is not awaited).
    const aSocket = await connectSocket(url, a.token);
    open.push(aSocket);
    await roundTrip(aSocket, a.user.id);
    await roundTrip(watcher, b.user.id);
    expect(heard.filter((p) => p.userId === a.user.id)).toEqual([]);
  });
});

describe('visibility on the profile', () => {
  it('PUT /api/user/profile sets it, GET answers it; a value outside the three is 400 in Azerbaijani', async () => {
    const a = await createUser(t.app);
    const put = await as(a, 'PUT', '/api/user/profile', { visibility: 'private' });
    expect(put.statusCode).toBe(200);
    expect(put.json().visibility).toBe('private');
    expect((await as(a, 'GET', '/api/user/profile')).json().visibility).toBe('private');
    const bad = await as(a, 'PUT', '/api/user/profile', { visibility: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: msg.common.validation,
      code: 'VALIDATION',
      fields: { visibility: 'Görünmə yalnız "public", "friends" və ya "private" ola bilər' },
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.visibility).toBe('private');
  });

  it('the database refuses a visibility outside the three', async () => {
    const a = await createUser(t.app);
    await expect(
      t.app.database.db
        .update(users)
        .set({ visibility: 'everyone' as 'public' })
        .where(eq(users.id, a.user.id)),
    ).rejects.toThrow();
  });
});
