import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { comments, users } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser } from '../../test/factories/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('GET /api/stats/admin counts users, comments, movies, films and active members, with 30 days of activity by default', async () => {
  const admin = await createAdmin(t.app);
  const member = await createUser(t.app);
  const old = await createUser(t.app, {});
  const m1 = await createMovie(t.app, member.user.id);
  await createMovie(t.app, member.user.id, { createdAt: new Date(Date.now() - 40 * 86400_000) });
  // A second entry of the same film: three movies, two films.
  await createMovie(t.app, old.user.id, { filmId: m1.filmId, createdAt: new Date(Date.now() - 40 * 86400_000) });
  // "Today" and "this week" are UTC calendar days: a second before today's midnight is this
  // week only; a second before the midnight six days earlier is neither.
  const midnight = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
  const seen = (id: string, at: Date) =>
    t.app.database.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
  await seen(admin.user.id, new Date());
  await seen(member.user.id, new Date(midnight - 1000));
  await seen(old.user.id, new Date(midnight - 6 * 86400_000 - 1000));
  await t.app.database.db.insert(comments).values([
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'a' },
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'b' },
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'c', status: 'approved' },
  ]);

  const res = await t.injectAs(admin.token, { method: 'GET', url: '/api/stats/admin' });
  expect(res.statusCode).toBe(200);
  const stats = res.json();
  expect(stats).toMatchObject({
    userCount: 3,
    pendingCommentCount: 2,
    movieCount: 3,
    filmCount: 2,
    commentCount: 3,
    activeToday: 1,
    activeThisWeek: 2,
  });
  expect(stats.series).toHaveLength(30);
  const today = new Date().toISOString().slice(0, 10);
  expect(stats.series[29]).toEqual({ date: today, signups: 3, movies: 1, comments: 3 });
  expect(stats.series[0].date < stats.series[29].date).toBe(true);

  expect((await t.injectAs(member.token, { method: 'GET', url: '/api/stats/admin' })).statusCode).toBe(403);
  expect((await t.inject({ method: 'GET', url: '/api/stats/admin' })).statusCode).toBe(401);
});

it('GET /api/stats/admin?days picks a 7, 30 or 90 day series and refuses other ranges in Azerbaijani', async () => {
  const admin = await createAdmin(t.app);
  const get = (query: string) => t.injectAs(admin.token, { method: 'GET', url: `/api/stats/admin${query}` });
  const today = new Date().toISOString().slice(0, 10);
  for (const days of [7, 30, 90]) {
    const res = await get(`?days=${days}`);
    expect(res.statusCode).toBe(200);
    const { series } = res.json();
    expect(series).toHaveLength(days);
    expect(series[days - 1].date).toBe(today);
    const first = new Date(`${today}T00:00:00Z`).getTime() - (days - 1) * 86400_000;
    expect(series[0].date).toBe(new Date(first).toISOString().slice(0, 10));
  }
  // The 90-day series reaches the two entries made 40 days ago in the test above.
  expect((await get('?days=90')).json().series.reduce((n: number, d: { movies: number }) => n + d.movies, 0)).toBe(3);

  for (const bad of ['14', '0', 'abc', '7.5']) {
    const res = await get(`?days=${bad}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json().fields).toEqual({ days: bad === 'abc' || bad === '7.5' ? msg.fields.type : msg.fields.days });
  }
});
