import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies, users } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeFriends } from '../../test/factories/friendship';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, FACTORY_PASSWORD } from '../../test/factories/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const deleteOwn = (token: string, password: string) =>
  t.injectAs(token, { method: 'DELETE', url: '/api/user/profile', payload: { password } });
const exists = async (id: string) => (await t.app.database.db.select().from(users).where(eq(users.id, id))).length > 0;

describe('DELETE /api/user/profile', () => {
  it('deletes the account and everything theirs (204); the token stops working', async () => {
    const member = await createUser(t.app);
    const friend = await createUser(t.app);
    await makeFriends(t.app, member.user.id, friend.user.id);
    await createMovie(t.app, member.user.id, { title: 'Silinəcək film' });
    const res = await deleteOwn(member.token, FACTORY_PASSWORD);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await exists(member.user.id)).toBe(false);
    expect(await t.app.database.db.select().from(movies).where(eq(movies.ownerId, member.user.id))).toEqual([]);
    const after = await t.injectAs(member.token, { method: 'GET', url: '/api/user/profile' });
    expect(after.statusCode).toBe(401);
    const friends = await t.injectAs(friend.token, { method: 'GET', url: '/api/friends/' });
    expect(friends.json().data).toEqual([]);
  });

  it('a wrong password is 400 with a field error, as a wrong current password is, and deletes nothing', async () => {
    const member = await createUser(t.app);
    const res = await deleteOwn(member.token, 'yanlış-şifrə-123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Şifrə yanlışdır',
      fields: { password: 'Şifrə yanlışdır' },
    });
    expect(await exists(member.user.id)).toBe(true);
  });

  it('wrong passwords count with the login failures of the account: past the limit 429 with Retry-After, the right password too', async () => {
    const limited = await buildTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
    try {
      const member = await createUser(limited.app);
      const deleteAs = (password: string) =>
        limited.injectAs(member.token, { method: 'DELETE', url: '/api/user/profile', payload: { password } });
      for (let i = 0; i < 3; i++) expect((await deleteAs('yanlış-şifrə-123')).statusCode).toBe(400);
      const blocked = await deleteAs(FACTORY_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, error: msg.auth.loginLimited, code: 'RATE_LIMITED' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.app.database.db.select().from(users).where(eq(users.id, member.user.id))).length).toBe(1);
      // One count for the account: the login is held as well.
      const login = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: member.user.username, password: FACTORY_PASSWORD },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('no password is 400', async () => {
    const member = await createUser(t.app);
    const res = await t.injectAs(member.token, { method: 'DELETE', url: '/api/user/profile', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(await exists(member.user.id)).toBe(true);
  });

  it('the last admin cannot delete themself (409) until another member is an admin', async () => {
    const solo = await buildTestApp();
    try {
      const admin = await createAdmin(solo.app);
      const member = await createUser(solo.app);
      const refused = await solo.injectAs(admin.token, {
        method: 'DELETE',
        url: '/api/user/profile',
        payload: { password: FACTORY_PASSWORD },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('Siz sonuncu adminsiniz: hesabınızı silməzdən əvvəl başqa bir üzvü admin edin');
      const promote = await solo.injectAs(admin.token, {
        method: 'PUT',
        url: `/api/user/${member.user.id}/admin`,
        payload: { isAdmin: true },
      });
      expect(promote.statusCode).toBe(200);
      const done = await solo.injectAs(admin.token, {
        method: 'DELETE',
        url: '/api/user/profile',
        payload: { password: FACTORY_PASSWORD },
      });
      expect(done.statusCode).toBe(204);
    } finally {
      await solo.close();
    }
  });
});
