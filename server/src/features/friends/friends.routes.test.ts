import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships } from '../../db/schema/index';
import type { DomainEvents } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

const as = (who: FactoryUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string) =>
  t.injectAs(who.token, { method, url });
const send = (from: FactoryUser, to: FactoryUser | string) =>
  as(from, 'POST', `/api/friends/request/${typeof to === 'string' ? to : to.user.id}`);
const list = async (who: FactoryUser, path: string) => {
  const res = await as(who, 'GET', `/api/friends${path}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const count = async (who: FactoryUser) => (await list(who, '/requests/count')).count as number;
const status = async (who: FactoryUser, other: FactoryUser) => (await list(who, `/status/${other.user.id}`)) as object;
const notFound = (error: string) => ({ success: false, error, code: 'NOT_FOUND' });

/** Rows of the friendships table that involve this user. */
const rowsOf = (userId: string) =>
  t.app.database.db
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));

/** Records every friend event the app raises while fn runs. */
async function recordEvents(fn: () => Promise<void>) {
  const seen: Array<[keyof DomainEvents, unknown]> = [];
  const names = ['friend:request', 'friend:accepted', 'friend:removed'] as const;
  const listeners = names.map((name) => {
    const listener = (payload: unknown) => seen.push([name, payload]);
    t.app.bus.on(name, listener);
    return () => t.app.bus.off(name, listener);
  });
  try {
    await fn();
  } finally {
    for (const off of listeners) off();
  }
  return seen;
}

describe('authentication', () => {
  it('every friends call answers 401 without a token', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/friends'],
      ['GET', '/api/friends/requests/incoming'],
      ['GET', '/api/friends/requests/outgoing'],
      ['GET', '/api/friends/requests/count'],
      ['GET', `/api/friends/status/${MISSING}`],
      ['GET', '/api/friends/people?q=abc'],
      ['POST', `/api/friends/request/${MISSING}`],
      ['PUT', `/api/friends/accept/${MISSING}`],
      ['PUT', `/api/friends/reject/${MISSING}`],
      ['DELETE', `/api/friends/requests/${MISSING}`],
      ['DELETE', `/api/friends/${MISSING}`],
    ];
    for (const [method, url] of calls) {
      const res = await t.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ success: false, error: msg.auth.missingToken, code: 'UNAUTHORIZED' });
      const bad = await t.injectAs('not-a-token', { method: method as 'GET', url });
      expect(bad.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('sending a request', () => {
  it("creates a pending request (201), and a repeat answers 409 with the product's exact text", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const res = await send(a, b);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      status: 'pending',
      message: 'Dostluq istəyi göndərildi',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const again = await send(a, b);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir',
      code: 'CONFLICT',
    });
    const rows = await rowsOf(a.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.requestId,
      requesterId: a.user.id,
      addresseeId: b.user.id,
      status: 'pending',
    });
  });

  it('refuses yourself (400), a missing user (404) and a malformed id (400)', async () => {
    const a = await createUser(t.app);
    const self = await send(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, error: msg.friends.self, code: 'BAD_REQUEST' });

    const missing = await send(a, MISSING);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound(msg.users.notFound));

    const malformed = await send(a, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      fields: { userId: msg.fields.invalid },
    });
    expect(await rowsOf(a.user.id)).toHaveLength(0);
  });

  it('accepts theirs instead when the other member had already asked (200 accepted)', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const first = (await send(a, b)).json();
    const reverse = await send(b, a);
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toEqual({
      success: true,
      status: 'accepted',
      message: 'Dostluq istəyi qəbul edildi',
      requestId: first.requestId,
    });
    const rows = await rowsOf(a.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'accepted', requesterId: a.user.id });
    expect(rows[0]?.acceptedAt).toBeInstanceOf(Date);

    // Friends now: a new request either way is a conflict with its own text.
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await send(from, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, error: msg.friends.alreadyFriends, code: 'CONFLICT' });
    }
  });
});

describe('answering a request', () => {
  it('only the receiver accepts: the sender and a third member get 404', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    const { requestId } = (await send(a, b)).json();

    for (const who of [a, c]) {
      const res = await as(who, 'PUT', `/api/friends/accept/${requestId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound(msg.friends.requestNotFound));
    }
    expect((await as(b, 'PUT', `/api/friends/accept/${MISSING}`)).statusCode).toBe(404);
    expect((await as(b, 'PUT', '/api/friends/accept/nope')).statusCode).toBe(400);

    const ok = await as(b, 'PUT', `/api/friends/accept/${requestId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, status: 'accepted', message: 'Dostluq istəyi qəbul edildi' });

    // Already handled: a second accept or a reject finds no pending request.
    const twice = await as(b, 'PUT', `/api/friends/accept/${requestId}`);
    expect(twice.statusCode).toBe(404);
    expect((await as(b, 'PUT', `/api/friends/reject/${requestId}`)).statusCode).toBe(404);
    expect((await rowsOf(a.user.id))[0]?.status).toBe('accepted');
  });

  it('only the receiver rejects; the request is gone and may be sent again', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    const { requestId } = (await send(a, b)).json();

    for (const who of [a, c]) {
      const res = await as(who, 'PUT', `/api/friends/reject/${requestId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound(msg.friends.requestNotFound));
    }
    const ok = await as(b, 'PUT', `/api/friends/reject/${requestId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, status: 'rejected', message: 'Dostluq istəyi rədd edildi' });
    expect(await rowsOf(a.user.id)).toHaveLength(0);
    expect((await as(b, 'PUT', `/api/friends/reject/${requestId}`)).statusCode).toBe(404);
    expect((await send(a, b)).statusCode).toBe(201);
  });

  it('only the sender cancels their pending request', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    const { requestId } = (await send(a, b)).json();

    for (const who of [b, c]) {
      const res = await as(who, 'DELETE', `/api/friends/requests/${requestId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound(msg.friends.requestNotFound));
    }
    const ok = await as(a, 'DELETE', `/api/friends/requests/${requestId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Dostluq istəyi ləğv edildi' });
    expect(await rowsOf(a.user.id)).toHaveLength(0);
    expect((await as(a, 'DELETE', `/api/friends/requests/${requestId}`)).statusCode).toBe(404);
    expect(await count(b)).toBe(0);
  });

  it('an accepted friendship cannot be cancelled as a request', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const { requestId } = (await send(a, b)).json();
    await as(b, 'PUT', `/api/friends/accept/${requestId}`);
    expect((await as(a, 'DELETE', `/api/friends/requests/${requestId}`)).statusCode).toBe(404);
    expect((await rowsOf(a.user.id))[0]?.status).toBe('accepted');
  });
});

describe('removing a friend', () => {
  it('either side removes the friendship, then it is 404', async () => {
    for (const remover of ['requester', 'addressee'] as const) {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const c = await createUser(t.app);
      const { requestId } = (await send(a, b)).json();

      // Pending is not a friendship yet.
      const early = await as(a, 'DELETE', `/api/friends/${b.user.id}`);
      expect(early.statusCode).toBe(404);
      expect(early.json()).toEqual(notFound(msg.friends.friendshipNotFound));

      await as(b, 'PUT', `/api/friends/accept/${requestId}`);
      // A third member cannot remove it (they are not friends with either).
      expect((await as(c, 'DELETE', `/api/friends/${a.user.id}`)).statusCode).toBe(404);

      const [who, other] = remover === 'requester' ? [a, b] : [b, a];
      const ok = await as(who, 'DELETE', `/api/friends/${other.user.id}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: 'Dostluq əlaqəsi silindi' });
      expect(await rowsOf(a.user.id)).toHaveLength(0);

      const again = await as(other, 'DELETE', `/api/friends/${who.user.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(notFound(msg.friends.friendshipNotFound));
    }
  });

  it('answers 400 for a malformed id and 404 for yourself', async () => {
    const a = await createUser(t.app);
    expect((await as(a, 'DELETE', '/api/friends/xyz')).statusCode).toBe(400);
    expect((await as(a, 'DELETE', `/api/friends/${a.user.id}`)).statusCode).toBe(404);
  });
});

describe('lists and the count', () => {
  it('follow every step: send, accept, reject, cancel, remove', async () => {
    const me = await createUser(t.app, { username: 'mehriban' });
    const zaur = await createUser(t.app, { username: 'Zaur', avatar: 'zaur.webp' });
    const aysel = await createUser(t.app, { username: 'aysel' });
    const bahar = await createUser(t.app, { username: 'Bahar' });
    const empty = { success: true, data: [], page: 1, limit: 20, total: 0 };
    expect(await list(me, '')).toEqual(empty);
    expect(await list(me, '/requests/incoming')).toEqual(empty);
    expect(await list(me, '/requests/outgoing')).toEqual(empty);
    expect(await count(me)).toBe(0);

    const fromZaur = (await send(zaur, me)).json().requestId;
    const fromAysel = (await send(aysel, me)).json().requestId;
    const toBahar = (await send(me, bahar)).json().requestId;
    expect(await count(me)).toBe(2);
    expect(await count(bahar)).toBe(1);

    const incoming = await list(me, '/requests/incoming');
    expect(incoming).toMatchObject({ success: true, page: 1, limit: 20, total: 2 });
    // Newest first.
    expect(incoming.data.map((r: { id: string }) => r.id)).toEqual([fromAysel, fromZaur]);
    expect(incoming.data[1]).toEqual({
      id: fromZaur,
      sender: { id: zaur.user.id, username: 'Zaur', avatar_url: '/uploads/avatars/zaur.webp' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const outgoing = await list(me, '/requests/outgoing');
    expect(outgoing.total).toBe(1);
    expect(outgoing.data[0]).toEqual({
      id: toBahar,
      receiver: { id: bahar.user.id, username: 'Bahar', avatar_url: null },
      created_at: expect.any(String),
    });
    expect((await list(bahar, '/requests/incoming')).data[0].sender.id).toBe(me.user.id);
    expect((await list(zaur, '/requests/outgoing')).data[0].receiver.id).toBe(me.user.id);

    await as(me, 'PUT', `/api/friends/accept/${fromZaur}`);
    await as(bahar, 'PUT', `/api/friends/accept/${toBahar}`);
    await as(me, 'PUT', `/api/friends/reject/${fromAysel}`);
    expect(await count(me)).toBe(0);
    expect((await list(me, '/requests/incoming')).total).toBe(0);
    expect((await list(me, '/requests/outgoing')).total).toBe(0);

    const mine = await list(me, '');
    expect(mine.total).toBe(2);
    // By username without regard to case: Bahar before Zaur.
    expect(mine.data.map((f: { username: string }) => f.username)).toEqual(['Bahar', 'Zaur']);
    const zaurRow = (await rowsOf(zaur.user.id))[0];
    expect(mine.data[1]).toEqual({
      id: zaur.user.id,
      username: 'Zaur',
      avatar_url: '/uploads/avatars/zaur.webp',
      friendshipId: fromZaur,
      since: zaurRow?.acceptedAt?.toISOString(),
    });
    expect((await list(zaur, '')).data.map((f: { id: string }) => f.id)).toEqual([me.user.id]);

    await as(zaur, 'DELETE', `/api/friends/${me.user.id}`);
    expect((await list(me, '')).data.map((f: { id: string }) => f.id)).toEqual([bahar.user.id]);
    expect((await list(zaur, '')).total).toBe(0);
  });

  it('page with page and limit, and refuse a limit past 100', async () => {
    const me = await createUser(t.app);
    const senders: FactoryUser[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await createUser(t.app, { username: `pager_${i}` });
      senders.push(s);
      await send(s, me);
    }
    const page1 = await list(me, '/requests/incoming?page=1&limit=2');
    const page3 = await list(me, '/requests/incoming?page=3&limit=2');
    expect(page1).toMatchObject({ page: 1, limit: 2, total: 5 });
    expect(page1.data).toHaveLength(2);
    expect(page3.data).toHaveLength(1);
    expect(page3.data[0].sender.username).toBe('pager_0');
    expect(page3.total).toBe(5);
    expect(await list(me, '/requests/incoming?page=9&limit=2')).toMatchObject({ data: [], total: 5 });
    expect(await count(me)).toBe(5);

    for (const s of senders) {
      const { data } = await list(s, '/requests/outgoing');
      await as(me, 'PUT', `/api/friends/accept/${data[0].id}`);
    }
    const friends2 = await list(me, '?page=2&limit=2');
    expect(friends2).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(friends2.data.map((f: { username: string }) => f.username)).toEqual(['pager_2', 'pager_3']);
    expect((await list(me, '?page=3&limit=2')).total).toBe(5);
    expect(await list(me, '?page=9&limit=2')).toMatchObject({ data: [], total: 5 });
    expect((await list(senders[0] as FactoryUser, '/requests/outgoing?limit=100')).total).toBe(0);

    expect((await as(me, 'GET', '/api/friends?limit=101')).statusCode).toBe(400);
    expect((await as(me, 'GET', '/api/friends/requests/incoming?page=0')).statusCode).toBe(400);
  });
});

describe('status', () => {
  it('answers self, none, pending both ways and accepted', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    expect(await status(a, a)).toEqual({ status: 'none', message: 'Öz profiliniz', actionable: false });
    expect(await status(a, b)).toEqual({ status: 'none', message: msg.friends.statusNone, actionable: true });

    const { requestId } = (await send(a, b)).json();
    expect(await status(a, b)).toEqual({
      status: 'pending',
      message: msg.friends.statusOutgoing,
      actionable: true,
      direction: 'outgoing',
      requestId,
    });
    expect(await status(b, a)).toEqual({
      status: 'pending',
      message: msg.friends.statusIncoming,
      actionable: true,
      direction: 'incoming',
      requestId,
    });

    await as(b, 'PUT', `/api/friends/accept/${requestId}`);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(await status(x, y)).toEqual({
        status: 'accepted',
        message: msg.friends.statusAccepted,
        actionable: true,
        friendshipId: requestId,
      });
    }
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const a = await createUser(t.app);
    const res = await as(a, 'GET', `/api/friends/status/${MISSING}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound(msg.users.notFound));
    expect((await as(a, 'GET', '/api/friends/status/abc')).statusCode).toBe(400);
  });
});

describe('people search', () => {
  it('finds members by a username fragment (any case), without the caller, with their state', async () => {
    const me = await createUser(t.app, { username: 'nigar_search' });
    const exact = await createUser(t.app, { username: 'Search' });
    const friend = await createUser(t.app, { username: 'searcher', avatar: 'f.webp' });
    const asked = await createUser(t.app, { username: 'research_b' });
    const asker = await createUser(t.app, { username: 'research_a' });
    await createUser(t.app, { username: 'someone_else' });

    const { requestId: fr } = (await send(me, friend)).json();
    await as(friend, 'PUT', `/api/friends/accept/${fr}`);
    const { requestId: out } = (await send(me, asked)).json();
    const { requestId: inc } = (await send(asker, me)).json();

    const res = await list(me, '/people?q=SEARCH');
    expect(res).toMatchObject({ success: true, page: 1, limit: 20, total: 4 });
    // Exact match first, then prefix matches, then the rest by name.
    expect(res.data).toEqual([
      { id: exact.user.id, username: 'Search', avatar_url: null, status: 'none' },
      { id: friend.user.id, username: 'searcher', avatar_url: '/uploads/avatars/f.webp', status: 'accepted' },
      {
        id: asker.user.id,
        username: 'research_a',
        avatar_url: null,
        status: 'pending',
        direction: 'incoming',
        requestId: inc,
      },
      {
        id: asked.user.id,
        username: 'research_b',
        avatar_url: null,
        status: 'pending',
        direction: 'outgoing',
        requestId: out,
      },
    ]);

    const paged = await list(me, '/people?q=search&page=2&limit=3');
    expect(paged).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(paged.data.map((p: { username: string }) => p.username)).toEqual(['research_b']);
  });

  it('treats % and _ as plain characters, and requires q of 1-30 characters', async () => {
    const me = await createUser(t.app);
    await createUser(t.app, { username: 'under_score_x' });
    await createUser(t.app, { username: 'underXscore' });
    const underscore = await list(me, '/people?q=under_');
    expect(underscore.data.map((p: { username: string }) => p.username)).toEqual(['under_score_x']);
    expect((await list(me, '/people?q=%25')).total).toBe(0);

    for (const url of ['/people', '/people?q=', `/people?q=${'a'.repeat(31)}`, '/people?q=%20%20']) {
      const res = await as(me, 'GET', `/api/friends${url}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fields: { q: expect.any(String) } });
    }
  });
});

describe('deleting a user', () => {
  it('removes their friendships and requests', async () => {
    const admin = await createAdmin(t.app);
    const gone = await createUser(t.app);
    const friend = await createUser(t.app);
    const asked = await createUser(t.app);
    const asker = await createUser(t.app);
    const { requestId } = (await send(gone, friend)).json();
    await as(friend, 'PUT', `/api/friends/accept/${requestId}`);
    await send(gone, asked);
    await send(asker, gone);
    expect(await rowsOf(gone.user.id)).toHaveLength(3);

    const del = await as(admin, 'DELETE', `/api/user/${gone.user.id}`);
    expect(del.statusCode).toBe(200);
    expect(await rowsOf(gone.user.id)).toHaveLength(0);
    expect((await list(friend, '')).total).toBe(0);
    expect(await count(asked)).toBe(0);
    expect((await list(asker, '/requests/outgoing')).total).toBe(0);
    expect((await as(friend, 'GET', `/api/friends/status/${gone.user.id}`)).statusCode).toBe(404);
    expect((await send(friend, gone.user.id)).statusCode).toBe(404);
  });
});

describe('domain events', () => {
  it('are raised for request, accept, auto-accept, reject, cancel and remove', async () => {
    const a = await createUser(t.app, { username: 'event_a', avatar: 'a.webp' });
    const b = await createUser(t.app);
    const pair = (x: FactoryUser, y: FactoryUser) => [x.user.id, y.user.id];
    const ids: Record<string, string> = {};
    const seen = await recordEvents(async () => {
      ids.first = (await send(a, b)).json().requestId;
      await as(b, 'PUT', `/api/friends/reject/${ids.first}`);
      ids.second = (await send(a, b)).json().requestId;
      await as(a, 'DELETE', `/api/friends/requests/${ids.second}`);
      ids.third = (await send(a, b)).json().requestId;
      await as(b, 'PUT', `/api/friends/accept/${ids.third}`);
      await as(b, 'DELETE', `/api/friends/${a.user.id}`);
      ids.fourth = (await send(b, a)).json().requestId;
      await send(a, b); // auto-accepts the fourth
      // Failures raise nothing.
      await send(a, b);
      await as(a, 'PUT', `/api/friends/accept/${MISSING}`);
    });
    const sender = { id: a.user.id, username: 'event_a', avatar_url: '/uploads/avatars/a.webp' };
    const senderB = { id: b.user.id, username: b.user.username, avatar_url: null };
    expect(seen).toEqual([
      ['friend:request', { toUserId: b.user.id, requestId: ids.first, sender }],
      ['friend:removed', { userIds: pair(a, b) }],
      ['friend:request', { toUserId: b.user.id, requestId: ids.second, sender }],
      ['friend:removed', { userIds: pair(a, b) }],
      ['friend:request', { toUserId: b.user.id, requestId: ids.third, sender }],
      ['friend:accepted', { userIds: pair(a, b), requestId: ids.third }],
      ['friend:removed', { userIds: pair(a, b) }],
      ['friend:request', { toUserId: a.user.id, requestId: ids.fourth, sender: senderB }],
      ['friend:accepted', { userIds: pair(a, b), requestId: ids.fourth }],
    ]);
  });

  it('a failing listener does not fail the call that committed', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const boom = () => {
      throw new Error('listener broke');
    };
    t.app.bus.on('friend:request', boom);
    try {
      expect((await send(a, b)).statusCode).toBe(201);
    } finally {
      t.app.bus.off('friend:request', boom);
    }
  });
});
