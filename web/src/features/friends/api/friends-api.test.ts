import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { aysel, fakeFriendsServer, incomingFrom, json, me, outgoingTo, tural } from '../testing/fake-friends-server';
import { acceptFriendRequest } from './accept-friend-request';
import { cancelFriendRequest } from './cancel-friend-request';
import { getFriendshipStatus } from './get-friendship-status';
import { getRequestCount } from './get-request-count';
import { listFriends } from './list-friends';
import { listIncomingRequests } from './list-incoming-requests';
import { listOutgoingRequests } from './list-outgoing-requests';
import { rejectFriendRequest } from './reject-friend-request';
import { removeFriend } from './remove-friend';
import { searchPeople } from './search-people';
import { sendFriendRequest } from './send-friend-request';

const page = { page: 1, limit: 20 };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});

/** The text an action rejected with. */
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).message;
};

describe('friend calls: URLs, methods and the Bearer header', () => {
  it('lists friends, incoming and outgoing requests with page and limit', async () => {
    const server = fakeFriendsServer();
    await listFriends({ page: 2, limit: 50 });
    await listIncomingRequests(page);
    await listOutgoingRequests(page);
    expect(server.calls).toEqual([
      { method: 'GET', url: '/api/friends?page=2&limit=50', auth: 'Bearer member-token' },
      { method: 'GET', url: '/api/friends/requests/incoming?page=1&limit=20', auth: 'Bearer member-token' },
      { method: 'GET', url: '/api/friends/requests/outgoing?page=1&limit=20', auth: 'Bearer member-token' },
    ]);
  });

  it('reads the count, a status and the people search (query URL-encoded)', async () => {
    const server = fakeFriendsServer({ people: [aysel], incoming: [incomingFrom(aysel, 1)] });
    expect(await getRequestCount()).toBe(1);
    expect(await getFriendshipStatus(aysel.id, { myId: me.id })).toMatchObject({
      status: 'pending',
      direction: 'incoming',
      actionable: true,
    });
    await searchPeople(' ay sel&x ', page);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/friends/requests/count',
      `GET /api/friends/status/${aysel.id}`,
      'GET /api/friends/people?q=ay+sel%26x&page=1&limit=20',
    ]);
  });

  it('a blank or too long people query asks nothing', async () => {
    const server = fakeFriendsServer();
    expect((await searchPeople('   ', page)).data).toEqual([]);
    expect((await searchPeople('x'.repeat(31), page)).data).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it('sends with POST, accepts and rejects with PUT, cancels and removes with DELETE', async () => {
    const server = fakeFriendsServer();
    server.override('POST /api/friends/request/u-1', () =>
      json({ success: true, status: 'pending', message: 'ok', requestId: 'r-9' }, 201),
    );
    for (const key of ['PUT /api/friends/accept/r-1', 'PUT /api/friends/reject/r-2']) {
      server.override(key, () => json({ success: true, status: 'accepted', message: 'ok' }));
    }
    for (const key of ['DELETE /api/friends/requests/r-3', 'DELETE /api/friends/u-2']) {
      server.override(key, () => json({ success: true, message: 'ok' }));
    }
    expect(await sendFriendRequest('u-1')).toMatchObject({ status: 'pending', requestId: 'r-9' });
    await acceptFriendRequest('r-1');
    await rejectFriendRequest('r-2');
    await cancelFriendRequest('r-3');
    await removeFriend('u-2');
    // The content type is always JSON (docs/product.md#api-shape), so an action carries an empty object: the
    // server refuses an empty body under that type.
    expect(server.calls.every((c) => c.body === '{}')).toBe(true);
    expect(server.calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toEqual([
      'POST /api/friends/request/u-1 Bearer member-token',
      'PUT /api/friends/accept/r-1 Bearer member-token',
      'PUT /api/friends/reject/r-2 Bearer member-token',
      'DELETE /api/friends/requests/r-3 Bearer member-token',
      'DELETE /api/friends/u-2 Bearer member-token',
    ]);
  });

  it("send answers 'accepted' when they had already asked", async () => {
    fakeFriendsServer({ people: [aysel], incoming: [incomingFrom(aysel, 1)] });
    expect(await sendFriendRequest(aysel.id)).toMatchObject({ status: 'accepted' });
  });
});

describe('the error catalogue of friend actions', () => {
  it('a 409 on send rejects with the server error text', async () => {
    fakeFriendsServer({ people: [tural], outgoing: [outgoingTo(tural, 1)] });
    expect(await failure(sendFriendRequest(tural.id))).toBe('Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir');
    const server = fakeFriendsServer();
    server.override('POST /api/friends/request/u-1', () =>
      json({ success: false, error: 'Bu istifadəçi ilə artıq dostsunuz', code: 'CONFLICT' }, 409),
    );
    expect(await failure(sendFriendRequest('u-1'))).toBe('Bu istifadəçi ilə artıq dostsunuz');
  });

  it.each([
    ['an empty body', () => new Response(null, { status: 409 })],
    ['a JSON body without text', () => json({ success: false, code: 'CONFLICT' }, 409)],
    ['a non-JSON body', () => new Response('Conflict', { status: 409, headers: { 'content-type': 'text/plain' } })],
  ])('a 409 on send with %s rejects with the default text', async (_, answer) => {
    const server = fakeFriendsServer();
    server.override('POST /api/friends/request/u-1', answer);
    const error = await sendFriendRequest('u-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir');
    expect((error as ApiError).status).toBe(409);
  });

  it.each([
    ['a 404 with a server text', () => json({ success: false, error: 'İstifadəçi tapılmadı', code: 'NOT_FOUND' }, 404)],
    ['a 400', () => json({ success: false, error: 'Özünüzə dostluq istəyi göndərə bilməzsiniz' }, 400)],
    ['a 500', () => json({ success: false, error: 'Daxili xəta' }, 500)],
    [
      'no response',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("any other send failure (%s) is 'Dostluq istəyi göndərilə bilmədi'", async (_, answer) => {
    const server = fakeFriendsServer();
    server.override('POST /api/friends/request/u-1', answer);
    expect(await failure(sendFriendRequest('u-1'))).toBe('Dostluq istəyi göndərilə bilmədi');
  });

  it.each([
    ['accept', 'PUT /api/friends/accept/r-1', () => acceptFriendRequest('r-1'), 'Dostluq istəyi qəbul edilə bilmədi'],
    ['reject', 'PUT /api/friends/reject/r-1', () => rejectFriendRequest('r-1'), 'Dostluq istəyi rədd edilə bilmədi'],
    ['remove', 'DELETE /api/friends/u-1', () => removeFriend('u-1'), 'Dostluq əlaqəsi silinə bilmədi'],
    [
      'cancel',
      'DELETE /api/friends/requests/r-1',
      () => cancelFriendRequest('r-1'),
      'Dostluq istəyi ləğv edilə bilmədi',
    ],
  ])('%s failures reject with %s', async (_, key, run, text) => {
    const server = fakeFriendsServer();
    server.override(key, () => json({ success: false, error: 'Dostluq istəyi tapılmadı', code: 'NOT_FOUND' }, 404));
    expect(await failure(run())).toBe(text);
    server.override(key, () => json({ success: false, error: 'Daxili xəta' }, 500));
    expect(await failure(run())).toBe(text);
    server.override(key, () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failure(run())).toBe(text);
  });

  it('a 401 on an action ends the session (token removed) and still names the action', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = fakeFriendsServer();
    server.override('PUT /api/friends/accept/r-1', () => json({ success: false, error: 'Token etibarsızdır' }, 401));
    expect(await failure(acceptFriendRequest('r-1'))).toBe('Dostluq istəyi qəbul edilə bilmədi');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['send', () => sendFriendRequest('u-1')],
    ['accept', () => acceptFriendRequest('r-1')],
    ['reject', () => rejectFriendRequest('r-1')],
    ['cancel', () => cancelFriendRequest('r-1')],
    ['remove', () => removeFriend('u-1')],
  ])(
    "%s without a session rejects with 'Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır' and sends nothing",
    async (_, run) => {
      localStorage.removeItem('token');
      const server = fakeFriendsServer();
      expect(await failure(run())).toBe('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır');
      expect(server.calls).toEqual([]);
    },
  );
});

describe('list failures give empty lists and a zero count', () => {
  it.each([
    ['a 500', () => json({ success: false, error: 'Daxili xəta' }, 500)],
    ['no response', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an unreadable body', () => new Response('{oops', { headers: { 'content-type': 'application/json' } })],
  ])('%s', async (_, answer) => {
    const server = fakeFriendsServer();
    for (const key of [
      'GET /api/friends',
      'GET /api/friends/requests/incoming',
      'GET /api/friends/requests/outgoing',
      'GET /api/friends/requests/count',
      'GET /api/friends/people',
    ]) {
      server.override(key, answer);
    }
    expect(await listFriends(page)).toEqual({ success: false, data: [], page: 1, limit: 20, total: 0 });
    expect((await listIncomingRequests(page)).data).toEqual([]);
    expect((await listOutgoingRequests(page)).data).toEqual([]);
    expect(await getRequestCount()).toBe(0);
    expect((await searchPeople('ay', page)).data).toEqual([]);
  });

  it('without a session the lists are empty and nothing is asked', async () => {
    localStorage.removeItem('token');
    const server = fakeFriendsServer({ incoming: [incomingFrom(aysel, 1)] });
    expect((await listIncomingRequests(page)).data).toEqual([]);
    expect(await getRequestCount()).toBe(0);
    expect(server.calls).toEqual([]);
  });

  it('a cancelled list call rejects instead of caching an empty list', async () => {
    const server = fakeFriendsServer();
    const controller = new AbortController();
    server.override('GET /api/friends', (_, init) => {
      controller.abort();
      return Promise.reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    });
    await expect(listFriends(page, controller.signal)).rejects.toBeDefined();
  });
});

describe('friendship status rules', () => {
  it("your own id is none with 'Öz profiliniz', without a call", async () => {
    const server = fakeFriendsServer();
    expect(await getFriendshipStatus(me.id, { myId: me.id })).toEqual({
      status: 'none',
      message: 'Öz profiliniz',
      actionable: false,
    });
    expect(server.calls).toEqual([]);
  });

  it("logged out is none with 'Giriş edilməmişdir', without a call", async () => {
    localStorage.removeItem('token');
    const server = fakeFriendsServer();
    expect(await getFriendshipStatus(aysel.id)).toEqual({
      status: 'none',
      message: 'Giriş edilməmişdir',
      actionable: false,
    });
    expect(server.calls).toEqual([]);
  });

  it.each([
    ['a 404', () => json({ success: false, error: 'İstifadəçi tapılmadı' }, 404)],
    ['a 500', () => json({ success: false, error: 'Daxili xəta' }, 500)],
    ['no response', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("%s is none with 'Xəta baş verdi'", async (_, answer) => {
    const server = fakeFriendsServer();
    server.override(`GET /api/friends/status/${aysel.id}`, answer);
    expect(await getFriendshipStatus(aysel.id, { myId: me.id })).toMatchObject({
      status: 'none',
      message: 'Xəta baş verdi',
    });
  });
});
