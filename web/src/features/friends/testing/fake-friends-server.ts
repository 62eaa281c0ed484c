import type {
  FriendEntry,
  FriendshipStatusReply,
  IncomingRequest,
  OutgoingRequest,
  PersonWithStatus,
} from '@kinodost/contracts/schemas/friends';
import type { PersonRef } from '@kinodost/contracts/schemas/people';
import { vi } from 'vitest';

/**
 * An in-memory stand-in for /api/friends (and /api/user/profile), answering with real Response
 * objects the way the server does (docs/product.md#api-shape: paged envelopes, {success,count}, error bodies with
 * `error` and `code`, 201 on a new request, 200 'accepted' when they had already asked, 409 on a
 * repeat). Tests only: it is stubbed in as the global fetch.
 */

export const person = (n: number, username: string, avatar_url: string | null = null): PersonRef => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username,
  avatar_url,
});

export const me = person(1, 'leyla');

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

export interface FakeFriendsState {
  me: PersonRef;
  /** Everyone the people search can find (not me). */
  people: PersonRef[];
  friends: FriendEntry[];
  incoming: IncomingRequest[];
  outgoing: OutgoingRequest[];
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const error = (status: number, text: string, code: string) => json({ success: false, error: text, code }, status);

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export interface Call {
  method: string;
  /** The body as sent (actions send '{}'). */
  body?: string;
  /** Path and query, as sent. */
  url: string;
  auth: string | null;
}

let counter = 100;
const newId = () => `10000000-0000-4000-8000-${String(counter++).padStart(12, '0')}`;

export function fakeFriendsServer(initial: Partial<Omit<FakeFriendsState, 'me'>> & { me?: PersonRef } = {}) {
  const state: FakeFriendsState = {
    me: initial.me ?? me,
    people: initial.people ?? [],
    friends: initial.friends ?? [],
    incoming: initial.incoming ?? [],
    outgoing: initial.outgoing ?? [],
  };
  const calls: Call[] = [];
  const overrides = new Map<string, Handler>();

  const paged = <T>(items: T[], url: URL) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    return json({
      success: true,
      data: items.slice((page - 1) * limit, page * limit),
      page,
      limit,
      total: items.length,
    });
  };

  const statusOf = (userId: string): FriendshipStatusReply => {
    if (userId === state.me.id) return { status: 'none', message: 'Öz profiliniz', actionable: false };
    const friend = state.friends.find((f) => f.id === userId);
    if (friend)
      return { status: 'accepted', message: 'Siz dostsunuz', actionable: true, friendshipId: friend.friendshipId };
    const incoming = state.incoming.find((r) => r.sender.id === userId);
    if (incoming) {
      return {
        status: 'pending',
        message: 'Sizə dostluq istəyi göndərib',
        actionable: true,
        direction: 'incoming',
        requestId: incoming.id,
      };
    }
    const outgoing = state.outgoing.find((r) => r.receiver.id === userId);
    if (outgoing) {
      return {
        status: 'pending',
        message: 'Dostluq istəyi göndərilib',
        actionable: true,
        direction: 'outgoing',
        requestId: outgoing.id,
      };
    }
    return { status: 'none', message: 'Dostluq istəyi göndərə bilərsiniz', actionable: true };
  };

  const befriend = (other: PersonRef) => {
    state.friends.push({ ...other, friendshipId: newId(), since: at(20) });
    state.friends.sort((a, b) => a.username.localeCompare(b.username));
  };

  const find = (userId: string) => state.people.find((p) => p.id === userId);

  const route = (method: string, url: URL): Response => {
    const path = url.pathname;
    const on = (verb: string, pattern: RegExp) => (method === verb ? path.match(pattern) : null);
    if (method === 'GET' && path === '/api/user/profile') {
      return json({ ...state.me, email: `${state.me.username}@example.az`, isAdmin: false, created_at: at(1) });
    }
    if (method === 'GET' && path === '/api/friends') return paged(state.friends, url);
    if (method === 'GET' && path === '/api/friends/requests/incoming') return paged(state.incoming, url);
    if (method === 'GET' && path === '/api/friends/requests/outgoing') return paged(state.outgoing, url);
    if (method === 'GET' && path === '/api/friends/requests/count') {
      return json({ success: true, count: state.incoming.length });
    }
    if (method === 'GET' && path === '/api/friends/people') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits: PersonWithStatus[] = state.people
        .filter((p) => p.username.toLowerCase().includes(q))
        .map((p) => {
          const { status, direction, requestId } = statusOf(p.id);
          return { ...p, status, ...(direction ? { direction } : {}), ...(requestId ? { requestId } : {}) };
        });
      return paged(hits, url);
    }
    const statusMatch = on('GET', /^\/api\/friends\/status\/([^/]+)$/);
    if (statusMatch) {
      const userId = decodeURIComponent(statusMatch[1] ?? '');
      if (userId !== state.me.id && !find(userId)) return error(404, 'İstifadəçi tapılmadı', 'NOT_FOUND');
      return json(statusOf(userId));
    }
    const sendMatch = on('POST', /^\/api\/friends\/request\/([^/]+)$/);
    if (sendMatch) {
      const userId = decodeURIComponent(sendMatch[1] ?? '');
      if (userId === state.me.id) return error(400, 'Özünüzə dostluq istəyi göndərə bilməzsiniz', 'BAD_REQUEST');
      const other = find(userId);
      if (!other) return error(404, 'İstifadəçi tapılmadı', 'NOT_FOUND');
      const theirs = state.incoming.find((r) => r.sender.id === userId);
      if (theirs) {
        state.incoming = state.incoming.filter((r) => r !== theirs);
        befriend(other);
        return json({
          success: true,
          status: 'accepted',
          message: 'Dostluq istəyi qəbul edildi',
          requestId: theirs.id,
        });
      }
      if (state.friends.some((f) => f.id === userId)) {
        return error(409, 'Bu istifadəçi ilə artıq dostsunuz', 'CONFLICT');
      }
      if (state.outgoing.some((r) => r.receiver.id === userId)) {
        return error(409, 'Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir', 'CONFLICT');
      }
      const request = { id: newId(), receiver: other, created_at: at(21) };
      state.outgoing.unshift(request);
      return json(
        { success: true, status: 'pending', message: 'Dostluq istəyi göndərildi', requestId: request.id },
        201,
      );
    }
    const answerMatch = on('PUT', /^\/api\/friends\/(accept|reject)\/([^/]+)$/);
    if (answerMatch) {
      const request = state.incoming.find((r) => r.id === decodeURIComponent(answerMatch[2] ?? ''));
      if (!request) return error(404, 'Dostluq istəyi tapılmadı', 'NOT_FOUND');
      state.incoming = state.incoming.filter((r) => r !== request);
      if (answerMatch[1] === 'accept') {
        befriend(request.sender);
        return json({ success: true, status: 'accepted', message: 'Dostluq istəyi qəbul edildi' });
      }
      return json({ success: true, status: 'rejected', message: 'Dostluq istəyi rədd edildi' });
    }
    const cancelMatch = on('DELETE', /^\/api\/friends\/requests\/([^/]+)$/);
    if (cancelMatch) {
      const request = state.outgoing.find((r) => r.id === decodeURIComponent(cancelMatch[1] ?? ''));
      if (!request) return error(404, 'Dostluq istəyi tapılmadı', 'NOT_FOUND');
      state.outgoing = state.outgoing.filter((r) => r !== request);
      return json({ success: true, message: 'Dostluq istəyi ləğv edildi' });
    }
    const removeMatch = on('DELETE', /^\/api\/friends\/([^/]+)$/);
    if (removeMatch) {
      const userId = decodeURIComponent(removeMatch[1] ?? '');
      if (!state.friends.some((f) => f.id === userId)) {
        return error(404, 'Bu istifadəçi ilə dostluq əlaqəniz yoxdur', 'NOT_FOUND');
      }
      state.friends = state.friends.filter((f) => f.id !== userId);
      return json({ success: true, message: 'Dostluq əlaqəsi silindi' });
    }
    return error(404, 'Tapılmadı', 'NOT_FOUND');
  };

  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://kinodost.test');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({
      method,
      url: `${url.pathname}${url.search}`,
      auth: new Headers(init.headers).get('authorization'),
      ...(init.body !== undefined ? { body: String(init.body) } : {}),
    });
    // Like Fastify: a JSON content type with an empty body is a 400 before any route runs.
    const contentType = new Headers(init.headers).get('content-type') ?? '';
    if (method !== 'GET' && contentType.includes('application/json') && (init.body ?? '') === '') {
      return error(400, 'Sorğunun məzmunu düzgün JSON deyil', 'BAD_REQUEST');
    }
    const override = overrides.get(`${method} ${url.pathname}`);
    if (override) return override(url, init);
    return route(method, url);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    fetchMock,
    /** Answer `METHOD /path` with something else (a failure) from now on. */
    override: (key: string, handler: Handler) => overrides.set(key, handler),
    /** The calls whose `METHOD /path?query` starts with this. */
    callsTo: (prefix: string) => calls.filter((call) => `${call.method} ${call.url}`.startsWith(prefix)),
  };
}

export type FakeFriendsServer = ReturnType<typeof fakeFriendsServer>;

/** Sample data: requests and friends between leyla (me) and others. */
export const aysel = person(2, 'aysel', '/uploads/avatars/aysel.webp');
export const orxan = person(3, 'orxan');
export const tural = person(4, 'tural');
export const nigar = person(5, 'nigar');
export const kamran = person(6, 'kamran');

export const incomingFrom = (sender: PersonRef, n: number): IncomingRequest => ({
  id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  sender,
  created_at: at(10 + n),
});
export const outgoingTo = (receiver: PersonRef, n: number): OutgoingRequest => ({
  id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  receiver,
  created_at: at(10 + n),
});
export const friendOf = (friend: PersonRef, n: number): FriendEntry => ({
  ...friend,
  friendshipId: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  since: at(n),
});
