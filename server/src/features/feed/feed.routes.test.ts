import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, comments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';
import { EXCERPT_CHARS } from './feed.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const BAD_CURSOR = 'Səhifə göstəricisi düzgün deyil';

const feedOf = async (u: FactoryUser, query = '') => {
  const res = await t.injectAs(u.token, { method: 'GET', url: `/api/feed${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; data: Record<string, unknown>[]; next_cursor: string | null };
};
const notificationsOf = async (u: FactoryUser, query = '') => {
  const res = await t.injectAs(u.token, { method: 'GET', url: `/api/notifications${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; data: Record<string, unknown>[]; next_cursor: string | null };
};
const unread = async (u: FactoryUser) =>
  (await t.injectAs(u.token, { method: 'GET', url: '/api/notifications/unread-count' })).json() as {
    success: boolean;
    count: number;
  };
const addEntry = async (u: FactoryUser, filmId: string, body: Record<string, unknown>) => {
  const res = await t.injectAs(u.token, { method: 'POST', url: '/api/movies', payload: { film_id: filmId, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const person = (u: FactoryUser) => ({ id: u.user.id, username: u.user.username, avatar_url: null });
/** `from` asks and `to` accepts, as members do: `to`'s feed item names `from`. */
const befriend = async (from: FactoryUser, to: FactoryUser) => {
  const sent = await t.injectAs(from.token, { method: 'POST', url: `/api/friends/request/${to.user.id}` });
  expect(sent.statusCode, sent.body).toBe(201);
  const accepted = await t.injectAs(to.token, { method: 'PUT', url: `/api/friends/accept/${sent.json().requestId}` });
  expect(accepted.statusCode, accepted.body).toBe(200);
};

describe('GET /api/feed', () => {
  it('shows a new entry, its rating and status changes to the member and their friends, newest first, and not to strangers', async () => {
    const [me, friend, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await makeFriends(t.app, me.user.id, friend.user.id);
    const film = await createFilm(t.app, {
      title: 'Titanik',
      year: 1997,
      posterUrl: 'https://img.example/titanic.jpg',
    });
    const entry = await addEntry(me, film.id, { status: 'watched', rating: 8 });
    const filmRef = { id: film.id, title: 'Titanik', year: 1997, poster_url: 'https://img.example/titanic.jpg' };

    const first = await feedOf(friend);
    expect(first).toEqual({
      success: true,
      next_cursor: null,
      data: [
        {
          id: expect.any(String),
          type: 'watched',
          actor: person(me),
          film: filmRef,
          rating: 8,
          created_at: expect.any(String),
        },
      ],
    });
    expect((await feedOf(me)).data).toEqual(first.data);
    expect((await feedOf(stranger)).data).toEqual([]);

    // A new rating is `rated`; a change of date alone is nothing; back to the watchlist is `watchlist`.
    const put = (payload: Record<string, unknown>) =>
      t.injectAs(me.token, { method: 'PUT', url: `/api/movies/${entry.id}`, payload });
    expect((await put({ rating: 9 })).statusCode).toBe(200);
    expect((await put({ rating: 9 })).statusCode).toBe(200);
    expect((await put({ watched_at: '2020-01-01T00:00:00.000Z' })).statusCode).toBe(200);
    expect((await put({ status: 'watchlist' })).statusCode).toBe(200);
    const types = (await feedOf(friend)).data.map((i) => [i.type, i.rating]);
    expect(types).toEqual([
      ['watchlist', undefined],
      ['rated', 9],
      ['watched', 8],
    ]);

    // Deleting the entry takes its items away.
    expect((await t.injectAs(me.token, { method: 'DELETE', url: `/api/movies/${entry.id}` })).statusCode).toBe(200);
    expect((await feedOf(friend)).data).toEqual([]);
  });

  it('an entry added to the watchlist without a rating is a watchlist item without rating', async () => {
    const me = await createUser(t.app);
    const film = await createFilm(t.app);
    await addEntry(me, film.id, { status: 'watchlist' });
    const [item] = (await feedOf(me)).data;
    expect(item).toMatchObject({ type: 'watchlist', film: { id: film.id } });
    expect(item).not.toHaveProperty('rating');
    expect(item).not.toHaveProperty('other');
    expect(item).not.toHaveProperty('text');
  });

  it('pages by an opaque cursor without repeating or skipping an item, also for items made in the same millisecond', async () => {
    const [me, friend] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await makeFriends(t.app, me.user.id, friend.user.id);
    const at = new Date('2026-01-01T12:00:00.000Z');
    const rows = Array.from({ length: 25 }, (_, i) => ({
      actorId: i % 2 ? me.user.id : friend.user.id,
      type: 'friends' as const,
      otherId: i % 2 ? friend.user.id : me.user.id,
      // Five items share each millisecond: the id orders them.
      createdAt: new Date(at.getTime() + Math.floor(i / 5)),
    }));
    await t.app.database.db.insert(activities).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await feedOf(me, `?limit=10${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...page.data.map((i) => String(i.id)));
      cursor = page.next_cursor;
      pages++;
      if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(25);
    const all = (await feedOf(me, '?limit=50')).data;
    expect(all.map((i) => i.id)).toEqual(seen);
    const times = all.map((i) => String(i.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    // A `friends` item names the new friend and no film.
    expect(all[0]).toMatchObject({ type: 'friends', other: expect.any(Object) });
    expect(all[0]).not.toHaveProperty('film');
  });

  it.each([
    ['not base64url', '?before=%25%25%25'],
    ['base64 of something else', `?before=${Buffer.from('hello').toString('base64url')}`],
    ['a cursor with a bad id', `?before=${Buffer.from('1700000000000.not-a-uuid').toString('base64url')}`],
    ['too long', `?before=${'A'.repeat(201)}`],
    // Well formed, but a time past year 9999, which PostgreSQL's timestamps refuse.
    [
      'a time the database cannot hold',
      `?before=${Buffer.from('253402300800000.00000000-0000-0000-0000-000000000000').toString('base64url')}`,
    ],
  ])('a malformed cursor (%s) answers 400 in Azerbaijani', async (_name, query) => {
    const me = await createUser(t.app);
    for (const url of [`/api/feed${query}`, `/api/notifications${query}`]) {
      const res = await t.injectAs(me.token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'VALIDATION' });
      if (!query.includes('AAAA')) expect(res.json().error, url).toBe(BAD_CURSOR);
    }
  });

  it('a limit outside 1 to 50 answers 400', async () => {
    const me = await createUser(t.app);
    for (const limit of ['0', '51', 'x']) {
      const res = await t.injectAs(me.token, { method: 'GET', url: `/api/feed?limit=${limit}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'Məlumatlar düzgün deyil',
        fields: { limit: expect.any(String) },
      });
    }
  });

  it('needs a member: 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/feed'],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ success: false, code: expect.any(String), error: expect.any(String) });
    }
  });
});

describe('comments in the feed and in notifications', () => {
  it('an approval writes the item with an excerpt and tells the author; a rejection takes it away and tells them; a deletion leaves no item', async () => {
    const [author, friend, admin] = await Promise.all([createUser(t.app), createUser(t.app), createAdmin(t.app)]);
    await makeFriends(t.app, author.user.id, friend.user.id);
    const film = await createFilm(t.app, { title: 'Solaris', year: 1972 });
    const text = `${'Çox gözəl film idi, hamıya tövsiyə edirəm. '.repeat(6)}Son.`;
    const posted = await t.injectAs(author.token, {
      method: 'POST',
      url: `/api/films/${film.id}/comments`,
      payload: { text },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const commentId = posted.json().id as string;
    // Pending: nothing yet.
    expect((await feedOf(friend)).data).toEqual([]);
    expect(await unread(author)).toEqual({ success: true, count: 0 });

    const approve = () => t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/comments/${commentId}/approve` });
    expect((await approve()).statusCode).toBe(200);
    const [item] = (await feedOf(friend)).data;
    expect(item).toMatchObject({
      type: 'commented',
      actor: person(author),
      film: { id: film.id, title: 'Solaris', year: 1972 },
    });
    const excerpt = String(item?.text);
    expect([...excerpt].length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(text.startsWith(excerpt.slice(0, -1))).toBe(true);
    // Approving again writes nothing twice and tells nobody again.
    expect((await approve()).statusCode).toBe(200);
    expect((await feedOf(friend)).data).toHaveLength(1);
    const notes = (await notificationsOf(author)).data;
    expect(notes).toEqual([
      {
        id: expect.any(String),
        type: 'comment_approved',
        film: { id: film.id, title: 'Solaris', year: 1972, poster_url: null },
        text: excerpt,
        read: false,
        created_at: expect.any(String),
      },
    ]);

    expect(
      (await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/comments/${commentId}/reject` })).statusCode,
    ).toBe(200);
    expect((await feedOf(friend)).data).toEqual([]);
    expect((await notificationsOf(author)).data.map((n) => n.type)).toEqual(['comment_rejected', 'comment_approved']);
    expect(await unread(author)).toEqual({ success: true, count: 2 });

    expect((await approve()).statusCode).toBe(200);
    expect((await feedOf(friend)).data).toHaveLength(1);
    expect(
      (await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/comments/${commentId}` })).statusCode,
    ).toBe(200);
    expect((await feedOf(friend)).data).toEqual([]);
    expect(await t.app.database.db.select().from(activities).where(eq(activities.commentId, commentId))).toEqual([]);
    // The notifications stay, with their film and excerpt.
    expect((await notificationsOf(author)).data[0]).toMatchObject({ type: 'comment_approved', film: { id: film.id } });
  });

  it("an admin's own comment is in the feed at once and notifies nobody", async () => {
    const admin = await createAdmin(t.app);
    const film = await createFilm(t.app);
    const posted = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/films/${film.id}/comments`,
      payload: { text: 'Qısa şərh' },
    });
    expect(posted.statusCode).toBe(201);
    expect((await feedOf(admin)).data).toMatchObject([{ type: 'commented', text: 'Qısa şərh' }]);
    expect((await notificationsOf(admin)).data).toEqual([]);
    const [row] = await t.app.database.db.select().from(comments).where(eq(comments.id, posted.json().id));
    expect(row?.status).toBe('approved');
  });
});

describe('friends in the feed and in notifications', () => {
  it('a request notifies the receiver; acceptance makes a friends item and notifies the sender; removal takes the item away', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await makeFriends(t.app, b.user.id, c.user.id);
    const sent = await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await notificationsOf(b)).data).toEqual([
      { id: expect.any(String), type: 'friend_request', actor: person(a), read: false, created_at: expect.any(String) },
    ]);
    expect(await unread(b)).toEqual({ success: true, count: 1 });

    const [incoming] = (await t.injectAs(b.token, { method: 'GET', url: '/api/friends/requests/incoming' })).json()
      .data;
    expect((await t.injectAs(b.token, { method: 'PUT', url: `/api/friends/accept/${incoming.id}` })).statusCode).toBe(
      200,
    );
    // The request's notification is read now; the sender is told.
    expect(await unread(b)).toEqual({ success: true, count: 0 });
    expect((await notificationsOf(a)).data).toEqual([
      {
        id: expect.any(String),
        type: 'friend_accepted',
        actor: person(b),
        read: false,
        created_at: expect.any(String),
      },
    ]);
    const item = { type: 'friends', actor: person(b), other: person(a) };
    expect((await feedOf(a)).data).toMatchObject([item]);
    expect((await feedOf(b)).data).toMatchObject([item]);
    // b's other friend sees b's new friendship.
    expect((await feedOf(c)).data).toMatchObject([item]);

    expect((await t.injectAs(a.token, { method: 'DELETE', url: `/api/friends/${b.user.id}` })).statusCode).toBe(200);
    for (const u of [a, b, c]) expect((await feedOf(u)).data).toEqual([]);
  });

  it("a friends item names its new friend only to those who may see them: not across a block, not a private member's, a friends-only member's to their friends", async () => {
    // viewer is b's friend and sees b's activity; what b's new friend allows decides each item.
    const [b, viewer, blocker, blocked, loner, closed, closedsFriend] = (await Promise.all(
      Array.from({ length: 7 }, () => createUser(t.app)),
    )) as [FactoryUser, FactoryUser, FactoryUser, FactoryUser, FactoryUser, FactoryUser, FactoryUser];
    await makeFriends(t.app, viewer.user.id, b.user.id);
    await makeFriends(t.app, closed.user.id, closedsFriend.user.id);
    await makeFriends(t.app, closedsFriend.user.id, b.user.id);
    const block = (by: FactoryUser, whom: FactoryUser) =>
      t.injectAs(by.token, { method: 'POST', url: `/api/user/${whom.user.id}/block` });
    expect((await block(blocker, viewer)).statusCode).toBe(204);
    expect((await block(viewer, blocked)).statusCode).toBe(204);
    for (const [u, visibility] of [
      [loner, 'private'],
      [closed, 'friends'],
    ] as const) {
      const res = await t.injectAs(u.token, { method: 'PUT', url: '/api/user/profile', payload: { visibility } });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const u of [blocker, blocked, loner, closed]) await befriend(u, b);

    const named = (items: Record<string, unknown>[]) =>
      items
        .filter((i) => i.type === 'friends')
        .map((i) => (i.other as { username: string }).username)
        .sort();
    // The viewer: none of the four (a block either way, private, friends-only and not their friend).
    expect(named((await feedOf(viewer)).data)).toEqual([]);
    // b's friend who is also closed's (and blocks nobody) sees all but the private one; b, the
    // actor, sees every one of their own.
    expect(named((await feedOf(closedsFriend)).data)).toEqual(
      [blocker, blocked, closed].map((u) => u.user.username).sort(),
    );
    expect(named((await feedOf(b)).data)).toEqual([blocker, blocked, loner, closed].map((u) => u.user.username).sort());
    // Each named member sees their own new friendship.
    for (const u of [blocker, blocked, loner, closed]) expect(named((await feedOf(u)).data)).toContain(u.user.username);
  });

  it('a page that hidden items leave short reads on: the visible older items and the right next cursor', async () => {
    const [viewer, b, loner, pub] = (await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)))) as [
      FactoryUser,
      FactoryUser,
      FactoryUser,
      FactoryUser,
    ];
    await makeFriends(t.app, viewer.user.id, b.user.id);
    const hide = await t.injectAs(loner.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: { visibility: 'private' },
    });
    expect(hide.statusCode).toBe(200);
    // b's three newest items name the private member; the three before them a public one.
    const start = Date.parse('2026-03-01T12:00:00Z');
    await t.app.database.db.insert(activities).values(
      Array.from({ length: 6 }, (_, i) => ({
        actorId: b.user.id,
        type: 'friends' as const,
        otherId: i >= 3 ? loner.user.id : pub.user.id,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const first = await feedOf(viewer, '?limit=2');
    expect(first.data.map((i) => (i.other as { id: string }).id)).toEqual([pub.user.id, pub.user.id]);
    expect(first.next_cursor).not.toBeNull();
    const second = await feedOf(viewer, `?limit=2&before=${first.next_cursor}`);
    expect(second.data.map((i) => (i.other as { id: string }).id)).toEqual([pub.user.id]);
    expect(second.next_cursor).toBeNull();
  });

  it('crossing requests end as one friends item; a withdrawn request takes its notification with it', async () => {
    const [a, b, d] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    expect((await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${b.user.id}` })).statusCode).toBe(
      201,
    );
    const back = await t.injectAs(b.token, { method: 'POST', url: `/api/friends/request/${a.user.id}` });
    expect(back.json()).toMatchObject({ status: 'accepted' });
    expect((await feedOf(a)).data).toMatchObject([{ type: 'friends', actor: person(b), other: person(a) }]);
    expect((await notificationsOf(a)).data.map((n) => n.type)).toEqual(['friend_accepted']);

    expect((await t.injectAs(a.token, { method: 'POST', url: `/api/friends/request/${d.user.id}` })).statusCode).toBe(
      201,
    );
    expect(await unread(d)).toEqual({ success: true, count: 1 });
    const [out] = (await t.injectAs(a.token, { method: 'GET', url: '/api/friends/requests/outgoing' })).json().data;
    expect((await t.injectAs(a.token, { method: 'DELETE', url: `/api/friends/requests/${out.id}` })).statusCode).toBe(
      200,
    );
    expect(await unread(d)).toEqual({ success: true, count: 0 });
    expect((await notificationsOf(d)).data).toEqual([]);
  });
});

describe('notifications: paging and marking read', () => {
  it('pages newest first, marks given ones or all read, and leaves others’ alone', async () => {
    const [me, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const senders = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
    for (const s of senders) {
      expect(
        (await t.injectAs(s.token, { method: 'POST', url: `/api/friends/request/${me.user.id}` })).statusCode,
      ).toBe(201);
    }
    expect(
      (await t.injectAs(senders[0]!.token, { method: 'POST', url: `/api/friends/request/${other.user.id}` }))
        .statusCode,
    ).toBe(201);
    const page1 = await notificationsOf(me, '?limit=3');
    expect(page1.data.map((n) => (n.actor as { id: string }).id)).toEqual(
      senders
        .slice(2)
        .reverse()
        .map((s) => s.user.id),
    );
    const page2 = await notificationsOf(me, `?limit=3&before=${page1.next_cursor}`);
    expect(page2.next_cursor).toBeNull();
    expect(page2.data.map((n) => (n.actor as { id: string }).id)).toEqual(
      senders
        .slice(0, 2)
        .reverse()
        .map((s) => s.user.id),
    );

    const othersId = String((await notificationsOf(other)).data[0]?.id);
    const mark = (payload?: Record<string, unknown>) =>
      t.injectAs(me.token, {
        method: 'POST',
        url: '/api/notifications/read',
        ...(payload !== undefined && { payload }),
      });
    const some = await mark({ ids: [String(page1.data[0]?.id), othersId] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ success: true, count: 1 });
    expect(await unread(me)).toEqual({ success: true, count: 4 });
    expect(await unread(other)).toEqual({ success: true, count: 1 });
    expect((await notificationsOf(me, '?limit=1')).data[0]).toMatchObject({ read: true });

    const all = await mark();
    expect(all.json()).toEqual({ success: true, count: 4 });
    expect(await unread(me)).toEqual({ success: true, count: 0 });
    expect((await mark({})).json()).toEqual({ success: true, count: 0 });
  });

  it('exclude_type leaves friend requests out of the list and the unread count (the header shows them apart)', async () => {
    const [me, sender, admin] = await Promise.all([createUser(t.app), createUser(t.app), createAdmin(t.app)]);
    const film = await createFilm(t.app);
    const posted = await t.injectAs(me.token, {
      method: 'POST',
      url: `/api/films/${film.id}/comments`,
      payload: { text: 'Bəyəndim' },
    });
    await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/comments/${posted.json().id}/reject` });
    await t.injectAs(sender.token, { method: 'POST', url: `/api/friends/request/${me.user.id}` });
    expect(await unread(me)).toEqual({ success: true, count: 2 });
    const others = await t.injectAs(me.token, {
      method: 'GET',
      url: '/api/notifications/unread-count?exclude_type=friend_request',
    });
    expect(others.json()).toEqual({ success: true, count: 1 });
    const list = await notificationsOf(me, '?exclude_type=friend_request');
    expect(list.data.map((n) => n.type)).toEqual(['comment_rejected']);
    const bad = await t.injectAs(me.token, { method: 'GET', url: '/api/notifications?exclude_type=everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Məlumatlar düzgün deyil' });
  });

  it.each([
    ['ids not uuids', { ids: ['x'] }],
    ['empty ids', { ids: [] }],
    ['an unknown field', { all: true }],
  ])('POST /read with %s answers 400', async (_name, payload) => {
    const me = await createUser(t.app);
    const res = await t.injectAs(me.token, { method: 'POST', url: '/api/notifications/read', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', error: 'Məlumatlar düzgün deyil' });
  });
});
