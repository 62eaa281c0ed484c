import { afterAll, beforeAll, expect, it } from 'vitest';
import { comments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser } from '../../test/factories/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('GET /api/stats/admin counts users, pending comments and movies, with 30 days of activity', async () => {
  const admin = await createAdmin(t.app);
  const member = await createUser(t.app);
  const old = await createUser(t.app, {});
  const m1 = await createMovie(t.app, member.user.id);
  await createMovie(t.app, member.user.id, { createdAt: new Date(Date.now() - 40 * 86400_000) });
  await t.app.database.db.insert(comments).values([
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'a' },
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'b' },
    { filmId: m1.filmId, movieId: m1.id, authorId: old.user.id, text: 'c', status: 'approved' },
  ]);

  const res = await t.injectAs(admin.token, { method: 'GET', url: '/api/stats/admin' });
  expect(res.statusCode).toBe(200);
  const stats = res.json();
  expect(stats).toMatchObject({ userCount: 3, pendingCommentCount: 2, movieCount: 2 });
  expect(stats.series).toHaveLength(30);
  const today = new Date().toISOString().slice(0, 10);
  expect(stats.series[29]).toEqual({ date: today, signups: 3, movies: 1, comments: 3 });
  expect(stats.series[0].date < stats.series[29].date).toBe(true);

  expect((await t.injectAs(member.token, { method: 'GET', url: '/api/stats/admin' })).statusCode).toBe(403);
  expect((await t.inject({ method: 'GET', url: '/api/stats/admin' })).statusCode).toBe(401);
});
