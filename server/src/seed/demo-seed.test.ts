import { count, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activities, comments, friendships, messages, movies, newsletters, users } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createAdmin, createUser } from '../test/factories/user';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo, signInNote } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const counts = async () => {
  const db = t.app.database.db;
  const n = async (
    table:
      | typeof users
      | typeof movies
      | typeof friendships
      | typeof comments
      | typeof newsletters
      | typeof activities
      | typeof messages,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await n(users),
    movies: await n(movies),
    friendships: await n(friendships),
    comments: await n(comments),
    newsletters: await n(newsletters),
    activities: await n(activities),
    messages: await n(messages),
  };
};

it('loads real films for demo members, and a second run adds nothing', async () => {
  const lines: string[] = [];
  const { report: first, newMembers } = await seedDemo(t.app.database.db, (l) => lines.push(l));
  expect(first.members).toBe(7); // demo.admin (no admin existed) + 6 members
  expect(newMembers).toEqual(['demo.admin', ...DEMO_MEMBERS]);
  expect(signInNote(newMembers)).toBe(
    `Members demo.admin, aysel, orxan, leyla, tural, nigar, kamran sign in with the password "${DEMO_PASSWORD}".`,
  );
  expect(first.movies).toBeGreaterThan(3000);
  expect(first.friendships).toBeGreaterThan(0);
  expect(first.comments).toBe(20);
  expect(first.newsletters).toBe(3);
  expect(first.activities).toBeGreaterThan(0);
  expect(first.messages).toBe(5);
  expect(first.notifications).toBeGreaterThan(0);
  expect(lines.some((l) => l.startsWith('movies:'))).toBe(true);
  const after = await counts();

  const second = await seedDemo(t.app.database.db);
  // Nothing of any kind the first run counted.
  expect(second).toEqual({ report: Object.fromEntries(Object.keys(first).map((k) => [k, 0])), newMembers: [] });
  expect(signInNote(second.newMembers)).toBe('No members were added: the demo members exist already.');
  expect(await counts()).toEqual(after);

  const [admin] = await t.app.database.db.select().from(users).where(eq(users.username, 'demo.admin'));
  expect(admin?.isAdmin).toBe(true);
  const login = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'aysel', password: DEMO_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const found = await t.injectAs(login.json().token, { method: 'GET', url: '/api/movies/search/godfather' });
  expect(found.json().data[0].title).toMatch(/Godfather/);

  // Friends were last seen some hours ago, not "never".
  const friendsList = (await t.injectAs(login.json().token, { method: 'GET', url: '/api/friends' })).json();
  expect(friendsList.data.length).toBeGreaterThan(0);
  for (const f of friendsList.data) {
    const profile = (await t.injectAs(login.json().token, { method: 'GET', url: `/api/user/profile/${f.id}` })).json();
    expect(Date.parse(profile.last_seen)).toBeLessThan(Date.now());
  }

  // The dashboard's friends' activity: entries of the past days, friendships and comments, newest first.
  const feed = (await t.injectAs(login.json().token, { method: 'GET', url: '/api/feed?limit=50' })).json();
  const types = new Set(feed.data.map((i: { type: string }) => i.type));
  expect([...types].sort()).toEqual(expect.arrayContaining(['commented', 'friends', 'watched']));
  expect(feed.data.some((i: { actor: { username: string } }) => i.actor.username !== 'aysel')).toBe(true);
  const times = feed.data.map((i: { created_at: string }) => Date.parse(i.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(times[0]).toBeLessThanOrEqual(Date.now());

  // Two conversations: the older read, the newer ending with a film recommended to aysel, unread.
  const conversations = (await t.injectAs(login.json().token, { method: 'GET', url: '/api/messages' })).json().data;
  expect(conversations).toHaveLength(2);
  expect(conversations[0].last).toMatchObject({
    from_me: false,
    film: expect.objectContaining({ id: expect.any(String) }),
  });
  expect(conversations.map((c: { unread: number }) => c.unread)).toEqual([1, 0]);
  const unread = (await t.injectAs(login.json().token, { method: 'GET', url: '/api/messages/unread-count' })).json();
  expect(unread.count).toBe(1);
  const thread = (
    await t.injectAs(login.json().token, { method: 'GET', url: `/api/messages/${conversations[0].user.id}` })
  ).json().data;
  expect(thread.map((m: { text: string }) => m.text)).toEqual([
    'Bunu hələ görməmisən, mütləq bax!',
    'Əla fikirdir! Nəyə baxaq?',
    'Salam! Həftəsonu film gecəsi edək?',
  ]);
  expect(thread.slice(1).every((m: { read_at: string | null }) => m.read_at !== null)).toBe(true);

  // A friend request waits for aysel (from leyla, not yet her friend), beside her other notifications.
  const incoming = (
    await t.injectAs(login.json().token, { method: 'GET', url: '/api/friends/requests/incoming?page=1&limit=20' })
  ).json();
  expect(incoming.data.map((r: { sender: { username: string } }) => r.sender.username)).toEqual(['leyla']);
  const told = (
    await t.injectAs(login.json().token, {
      method: 'GET',
      url: '/api/notifications?limit=50&exclude_type=friend_request',
    })
  ).json().data;
  expect(new Set(told.map((n: { type: string }) => n.type))).toEqual(new Set(['friend_accepted', 'comment_approved']));
  expect(told.find((n: { type: string }) => n.type === 'comment_approved').film.title).toEqual(expect.any(String));

  // Several demo members share films: a film page shows a friend's rating and an average.
  const shared = await t.app.database.db.execute(
    sql`select film_id from movies group by film_id having count(*) >= 3 and count(rating) >= 2 limit 1`,
  );
  const filmId = (shared as unknown as { rows: { film_id: string }[] }).rows[0]?.film_id;
  expect(filmId).toBeDefined();
  const page = (await t.injectAs(login.json().token, { method: 'GET', url: `/api/films/${filmId}` })).json();
  expect(page.stats.watched + page.stats.watchlist).toBeGreaterThanOrEqual(3);
  expect(page.stats.rating_count).toBeGreaterThanOrEqual(2);
  expect(page.stats.rating_avg).not.toBeNull();
});

it('names only the members it made, and leaves alone a member of the install who had a demo username', async () => {
  const own = await buildTestApp();
  try {
    await createAdmin(own.app, { username: 'rauf' });
    const aysel = await createUser(own.app, { username: 'aysel' });
    const { report, newMembers } = await seedDemo(own.app.database.db);
    expect(report.members).toBe(5);
    expect(newMembers).toEqual(['orxan', 'leyla', 'tural', 'nigar', 'kamran']);
    expect(signInNote(newMembers)).toBe(
      `Members orxan, leyla, tural, nigar, kamran sign in with the password "${DEMO_PASSWORD}".`,
    );
    const [admin] = await own.app.database.db.select().from(users).where(eq(users.username, 'demo.admin'));
    expect(admin).toBeUndefined();
    // The install's own aysel is left alone: the demo's movies, friends and comments go to its members.
    const db = own.app.database.db;
    expect((await db.select({ n: count() }).from(movies).where(eq(movies.ownerId, aysel.user.id)))[0]?.n).toBe(0);
    expect(
      (
        await db
          .select({ n: count() })
          .from(friendships)
          .where(or(eq(friendships.requesterId, aysel.user.id), eq(friendships.addresseeId, aysel.user.id)))
      )[0]?.n,
    ).toBe(0);
    expect((await db.select({ n: count() }).from(comments).where(eq(comments.authorId, aysel.user.id)))[0]?.n).toBe(0);
    expect(report.movies).toBeGreaterThan(3000);
  } finally {
    await own.close();
  }
});
