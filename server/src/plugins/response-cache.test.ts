import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyonesPeopleTag, peopleTag } from '../features/friends/friends.cache';
import { moviesTag } from '../features/movies';
import { newslettersTag, readsTag } from '../features/newsletters/newsletters.cache';
import { usersTag } from '../features/users/users.cache';
import type { EncodedAnswer, ResponseCache } from '../lib/response-cache';
import {
  announcements,
  buildTestApp,
  dropped,
  eventually,
  type TestApp,
  twoProcessesPerSuite,
} from '../test/build-test-app';
import { createAdmin, createUser, type FactoryUser } from '../test/factories/user';
import { LIST_CHANGES_CHANNEL } from './response-cache';

// Cached list answers (plugins/response-cache.ts) change at once with every write through the
// API that touches them. Each test reads first, so the answer is cached, then writes, then reads
// again: a missing invalidation would show the old answer.

type Json = { data: unknown; total?: number; count?: number };
const get = async (t: TestApp, who: FactoryUser | null, url: string) => {
  const res = who ? await t.injectAs(who.token, { method: 'GET', url }) : await t.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as Json;
};
const call = async (t: TestApp, who: FactoryUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.injectAs(who.token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as { id?: string; requestId?: string };
};
/**
 * On PostgreSQL, waits until the list changes of the writes so far have been heard (each drops
 * the answers it names as it arrives, after the write's own drop); on PGlite there are none.
 */
const writesHeard = async (t: TestApp) => {
  if (!t.app.database.listen) return;
  const announced = await announcements(t.app, LIST_CHANGES_CHANNEL);
  await announced.since();
  await announced.close();
};
const names = (body: Json, field: string) =>
  (body.data as Record<string, unknown>[]).map((row) => {
    const value = row[field];
    return typeof value === 'object' && value ? (value as { username: string }).username : value;
  });

describe('response cache, one process', () => {
  let t: TestApp;
  let admin: FactoryUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  it('own and public movie lists follow adds, edits, deletions (an admin’s too) and the owner’s renames', async () => {
    const me = await createUser(t.app);
    const mine = `/api/movies`;
    const publicList = `/api/movies/user/${me.user.id}`;
    expect((await get(t, me, mine)).total).toBe(0);
    expect((await get(t, null, publicList)).total).toBe(0);
    const film = await call(t, me, 'POST', '/api/movies', { title: 'Ulduzlararası' });
    expect(names(await get(t, me, mine), 'title')).toEqual(['Ulduzlararası']);
    expect(names(await get(t, null, publicList), 'title')).toEqual(['Ulduzlararası']);
    await call(t, admin, 'PUT', `/api/movies/${film.id}`, { title: 'Interstellar' });
    expect(names(await get(t, me, mine), 'title')).toEqual(['Interstellar']);
    await call(t, me, 'PUT', '/api/user/profile', { username: `renamed_${me.user.id.slice(0, 6)}` });
    expect(names(await get(t, null, publicList), 'owner')).toEqual([`renamed_${me.user.id.slice(0, 6)}`]);
    await call(t, admin, 'DELETE', `/api/movies/${film.id}`);
    expect((await get(t, me, mine)).total).toBe(0);
    expect((await get(t, null, publicList)).total).toBe(0);
  });

  it('friends and request lists follow requests, accepts, rejects, removals, renames and deletions', async () => {
    const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const lists = async (who: FactoryUser) => ({
      friends: names(await get(t, who, '/api/friends'), 'username'),
      incoming: (await get(t, who, '/api/friends/requests/incoming')).total,
      outgoing: (await get(t, who, '/api/friends/requests/outgoing')).total,
      count: (await get(t, who, '/api/friends/requests/count')).count,
    });
    expect(await lists(a)).toEqual({ friends: [], incoming: 0, outgoing: 0, count: 0 });
    expect(await lists(b)).toEqual({ friends: [], incoming: 0, outgoing: 0, count: 0 });
    const sent = await call(t, a, 'POST', `/api/friends/request/${b.user.id}`);
    expect(await lists(a)).toEqual({ friends: [], incoming: 0, outgoing: 1, count: 0 });
    expect(await lists(b)).toEqual({ friends: [], incoming: 1, outgoing: 0, count: 1 });
    await call(t, b, 'PUT', `/api/friends/accept/${sent.requestId}`);
    expect(await lists(a)).toEqual({ friends: [b.user.username], incoming: 0, outgoing: 0, count: 0 });
    expect(await lists(b)).toEqual({ friends: [a.user.username], incoming: 0, outgoing: 0, count: 0 });

    // A friend's new name shows in the other's list.
    await call(t, b, 'PUT', '/api/user/profile', { username: `b_new_${b.user.id.slice(0, 6)}` });
    expect((await lists(a)).friends).toEqual([`b_new_${b.user.id.slice(0, 6)}`]);

    const rejected = await call(t, c, 'POST', `/api/friends/request/${a.user.id}`);
    expect((await lists(a)).incoming).toBe(1);
    await call(t, a, 'PUT', `/api/friends/reject/${rejected.requestId}`);
    expect((await lists(a)).incoming).toBe(0);
    expect((await lists(c)).outgoing).toBe(0);

    await call(t, a, 'DELETE', `/api/friends/${b.user.id}`);
    expect((await lists(a)).friends).toEqual([]);
    expect((await lists(b)).friends).toEqual([]);

    // A deleted member leaves the lists of those they had asked.
    await call(t, c, 'POST', `/api/friends/request/${a.user.id}`);
    expect((await lists(a)).incoming).toBe(1);
    await call(t, admin, 'DELETE', `/api/user/${c.user.id}`);
    expect((await lists(a)).incoming).toBe(0);
  });

  it('newsletter lists follow publishing, edits, deletions and the reader’s own marks', async () => {
    const reader = await createUser(t.app);
    const titles = async (who: FactoryUser | null) => ({
      latest: names(await get(t, who, `/api/newsletters/latest?_t=${Date.now()}`), 'title'),
      all: names(await get(t, who, '/api/newsletters'), 'title'),
    });
    // The web client sends a new _t each time: the cached count must still follow every change.
    let buster = 0;
    const unread = async () => (await get(t, reader, `/api/newsletters/unread-count?_t=${++buster}`)).count;
    const unreadBefore = await unread();
    const before = await titles(reader);
    const made = await call(t, admin, 'POST', '/api/newsletters/admin/create', { title: 'Yeni', content: 'Mətn' });
    expect((await titles(reader)).latest).toEqual(['Yeni', ...before.latest].slice(0, 5));
    expect((await titles(null)).all[0]).toBe('Yeni');
    expect(await unread()).toBe((unreadBefore ?? 0) + 1);
    await call(t, admin, 'PUT', `/api/newsletters/admin/${made.id}`, { title: 'Düzəliş' });
    expect((await titles(reader)).all[0]).toBe('Düzəliş');
    expect((await titles(null)).all[0]).toBe('Düzəliş');
    await call(t, reader, 'POST', `/api/newsletters/${made.id}/mark-viewed`);
    expect((await titles(reader)).latest).not.toContain('Düzəliş');
    expect(await unread()).toBe(unreadBefore);
    await call(t, admin, 'DELETE', `/api/newsletters/admin/${made.id}`);
    expect((await titles(reader)).all).toEqual(before.all);
    expect((await titles(null)).all).toEqual(before.all);
  });

  it('the admin users list follows registrations, edits, promotions and deletions', async () => {
    const list = async () =>
      (await get(t, admin, '/api/user/all?limit=100')).data as { id: string; isAdmin: boolean }[];
    const before = await list();
    const reg = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'yeni_uzv', email: 'yeni_uzv@example.com', password: 'Kino-Dost-Parol-42' },
    });
    expect(reg.statusCode).toBe(201);
    const added = (await list()).find((u) => !before.some((b) => b.id === u.id));
    expect(added).toMatchObject({ username: 'yeni_uzv', isAdmin: false });
    await call(t, admin, 'PUT', `/api/user/${added?.id}/admin`, { isAdmin: true });
    expect((await list()).find((u) => u.id === added?.id)?.isAdmin).toBe(true);
    await call(t, admin, 'DELETE', `/api/user/${added?.id}`);
    expect((await list()).map((u) => u.id)).toEqual(before.map((u) => u.id));
  });

  it('says in X-Cache whether a cacheable answer came from memory', async () => {
    const me = await createUser(t.app);
    const first = await t.injectAs(me.token, { method: 'GET', url: '/api/friends' });
    const second = await t.injectAs(me.token, { method: 'GET', url: '/api/friends' });
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    const uncached = await t.injectAs(me.token, { method: 'GET', url: '/api/user/profile' });
    expect(uncached.headers['x-cache']).toBeUndefined();
  });

  it('a cached answer is still only for whom the route serves: guards run first', async () => {
    const member = await createUser(t.app);
    await get(t, admin, '/api/user/all');
    const forbidden = await t.injectAs(member.token, { method: 'GET', url: '/api/user/all' });
    expect(forbidden.statusCode).toBe(403);
    await get(t, member, '/api/movies');
    await call(t, admin, 'DELETE', `/api/user/${member.user.id}`);
    expect((await t.injectAs(member.token, { method: 'GET', url: '/api/movies' })).statusCode).toBe(401);
    expect((await t.injectAs('not-a-token', { method: 'GET', url: '/api/movies' })).statusCode).toBe(401);
    // Each member has their own answer for the same URL.
    const other = await createUser(t.app);
    await call(t, other, 'POST', '/api/movies', { title: 'Başqasının filmi' });
    const stranger = await createUser(t.app);
    expect((await get(t, other, '/api/movies')).total).toBe(1);
    expect((await get(t, stranger, '/api/movies')).total).toBe(0);
  });

  it('keeps the compressed form a browser was sent and sends it again, until a write drops the answer', async () => {
    const me = await createUser(t.app);
    const overview = 'Bir ailənin üç nəsli boyunca davam edən hekayə, dostlarla izləmək üçün. '.repeat(2);
    for (let i = 0; i < 8; i++) await call(t, me, 'POST', '/api/movies', { title: `Film ${i}`, overview });
    // On PostgreSQL the writes are also announced, later: one heard after the read below would
    // drop the answer this test looks at.
    await writesHeard(t);
    const acceptEncoding = 'gzip, deflate, br, zstd';
    const asBrowser = () =>
      t.injectAs(me.token, { method: 'GET', url: '/api/movies', headers: { 'accept-encoding': acceptEncoding } });
    const total = (res: { rawPayload: Buffer }) =>
      (JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as Json).total;
    const headersOf = (res: { headers: Record<string, unknown> }) => [
      res.headers['content-type'],
      res.headers['content-encoding'],
      res.headers.vary,
      res.headers['content-length'],
    ];

    const first = await asBrowser();
    expect(first.headers['content-encoding']).toBe('br');
    expect(total(first)).toBe(8);
    const answer = t.app.responseCache?.get(`${me.user.id} /api/movies`);
    if (!answer) throw new Error('the answer was not cached');
    expect(answer.encoded.get(acceptEncoding)?.body.equals(first.rawPayload)).toBe(true);

    // The next hit is the form kept, as it was kept (here replaced, to tell it from a new compression).
    const kept = brotliCompressSync(JSON.stringify({ data: [], total: 99 }));
    (answer.encoded as Map<string, EncodedAnswer>).set(acceptEncoding, { encoding: 'br', body: kept });
    const second = await asBrowser();
    expect(total(second)).toBe(99);
    expect(headersOf(second)).toEqual([...headersOf(first).slice(0, 3), String(kept.length)]);

    // Another Accept-Encoding gets its own form; none gets the text.
    const gzip = await t.injectAs(me.token, {
      method: 'GET',
      url: '/api/movies',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.rawPayload).toString()) as Json).total).toBe(8);
    expect((await get(t, me, '/api/movies')).total).toBe(8);

    // A write drops the answer with its compressed forms.
    await call(t, me, 'POST', '/api/movies', { title: 'Film 8' });
    expect(total(await asBrowser())).toBe(9);
  });

  it('RESPONSE_CACHE_MB=0 turns the cache off', async () => {
    const off = await buildTestApp({ RESPONSE_CACHE_MB: '0' });
    try {
      expect(off.app.responseCache).toBeUndefined();
      expect((await get(off, await createUser(off.app), '/api/movies')).total).toBe(0);
    } finally {
      await off.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// SQL run here raises no event: only PostgreSQL's announcement (migration 0021) can drop an answer,
// and each test waits for the drop of the very tag the feature names, so a trigger announcing
// another name fails it.
describe.runIf(process.env.TEST_DATABASE_URL)('response cache on PostgreSQL: changes the database announces', () => {
  let t: TestApp;
  let admin: FactoryUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  const cache = () => t.app.responseCache as ResponseCache;
  /** Runs `statement`, and resolves once each of `tags` was dropped. */
  const bySql = async (statement: SQL, ...tags: string[]) => {
    const told = dropped(cache(), ...tags);
    await t.app.database.db.execute(statement);
    await told;
  };

  it('a member’s movies follow rows changed and deleted by SQL', async () => {
    const me = await createUser(t.app);
    const made = await call(t, me, 'POST', '/api/movies', { title: 'Sorğu ilə' });
    expect((await get(t, me, '/api/movies')).total).toBe(1);
    expect((await get(t, null, `/api/movies/user/${me.user.id}`)).total).toBe(1);
    await bySql(sql`update movies set rating = 9 where id = ${made.id}`, moviesTag(me.user.id));
    expect((await get(t, me, '/api/movies')).data).toMatchObject([{ rating: 9 }]);
    await bySql(sql`delete from movies where id = ${made.id}`, moviesTag(me.user.id));
    expect((await get(t, me, '/api/movies')).total).toBe(0);
    expect((await get(t, null, `/api/movies/user/${me.user.id}`)).total).toBe(0);
  });

  it('friends and blocks made by SQL reach both members’ lists, and a rename everyone’s', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect(names(await get(t, a, '/api/friends'), 'username')).toEqual([]);
    expect(names(await get(t, b, '/api/friends'), 'username')).toEqual([]);
    await bySql(
      sql`insert into friendships (requester_id, addressee_id, status, accepted_at) values (${a.user.id}, ${b.user.id}, 'accepted', now())`,
      peopleTag(a.user.id),
      peopleTag(b.user.id),
    );
    expect(names(await get(t, a, '/api/friends'), 'username')).toEqual([b.user.username]);
    expect(names(await get(t, b, '/api/friends'), 'username')).toEqual([a.user.username]);
    await bySql(sql`update users set username = 'sql_adı' where id = ${b.user.id}`, everyonesPeopleTag, usersTag);
    expect(names(await get(t, a, '/api/friends'), 'username')).toEqual(['sql_adı']);
    await bySql(
      sql`delete from friendships where requester_id = ${a.user.id}`,
      peopleTag(a.user.id),
      peopleTag(b.user.id),
    );
    expect((await get(t, a, '/api/friends')).total).toBe(0);
    // A block decides what each sees of the other's collection (people: of the owner).
    await bySql(
      sql`insert into blocks (blocker_id, blocked_id) values (${a.user.id}, ${b.user.id})`,
      peopleTag(a.user.id),
      peopleTag(b.user.id),
    );
  });

  it('newsletters and read marks changed by SQL', async () => {
    const reader = await createUser(t.app);
    let buster = 0;
    const unread = async () => (await get(t, reader, `/api/newsletters/unread-count?_t=${++buster}`)).count ?? 0;
    const before = await unread();
    await bySql(
      sql`insert into newsletters (title, content, author_id) values ('SQL xəbəri', 'Mətn', ${admin.user.id})`,
      newslettersTag,
    );
    expect(names(await get(t, null, '/api/newsletters'), 'title')[0]).toBe('SQL xəbəri');
    expect(await unread()).toBe(before + 1);
    await bySql(
      sql`insert into newsletter_reads (newsletter_id, user_id) select id, ${reader.user.id} from newsletters where title = 'SQL xəbəri'`,
      readsTag(reader.user.id),
    );
    expect(await unread()).toBe(before);
  });

  it('the admin users list follows members added and deleted by SQL', async () => {
    const list = async () => ((await get(t, admin, '/api/user/all?limit=100')).data as { username: string }[]).length;
    const before = await list();
    await bySql(
      sql`insert into users (username, email, password_hash) values ('sql_uzv', 'sql_uzv@example.com', 'x')`,
      usersTag,
    );
    expect(await list()).toBe(before + 1);
    await bySql(sql`delete from users where username = 'sql_uzv'`, usersTag);
    expect(await list()).toBe(before);
  });

  it('announces what the lists show, not a member’s last time seen', async () => {
    const { user } = await createUser(t.app);
    const announced = await announcements(t.app, LIST_CHANGES_CHANNEL);
    await announced.since(); // the registration's
    await t.app.database.db.execute(sql`update users set last_seen_at = now() where id = ${user.id}`);
    expect(await announced.since()).toEqual([]);
    await t.app.database.db.execute(sql`update users set avatar = 'sql.webp' where id = ${user.id}`);
    expect((await announced.since()).sort()).toEqual(
      [usersTag, everyonesPeopleTag, moviesTag(user.id), peopleTag(user.id)].sort(),
    );
    await announced.close();
  });

  it('a truncate drops every answer', async () => {
    const me = await createUser(t.app);
    await get(t, me, '/api/friends');
    expect((await t.injectAs(me.token, { method: 'GET', url: '/api/friends' })).headers['x-cache']).toBe('hit');
    // blocks: the one table whose emptying the tests after this one do not notice.
    await t.app.database.db.execute(sql`truncate blocks`);
    await eventually(async () => (cache().size === 0 ? true : undefined));
    expect((await t.injectAs(me.token, { method: 'GET', url: '/api/friends' })).headers['x-cache']).toBe('miss');
  });
});

describe.runIf(redisUrl)('response cache across processes (NOTIFY on PostgreSQL, Redis on PGlite)', () => {
  const two = twoProcessesPerSuite(redisUrl as string);

  it("a write on A drops the answer B cached, by A's message rather than its TTL", async () => {
    const { a, b } = two;
    const me = await createUser(a.app);
    expect((await get(b, me, '/api/movies')).total).toBe(0);
    const told = dropped(b.app.responseCache as ResponseCache, moviesTag(me.user.id));
    await call(a, me, 'POST', '/api/movies', { title: 'Başqa prosesdə' });
    await told;
    expect((await get(b, me, '/api/movies')).total).toBe(1);
  });
});
