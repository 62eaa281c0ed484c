import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dropped, type TestApp, twoProcessesPerSuite } from '../test/build-test-app';
import { createAdmin, createUser } from '../test/factories/user';

// The signed-in user is cached (plugins/auth.ts); every test first warms the cache
// with a request, so a missing invalidation would let the stale row through.

const profile = (t: TestApp, token: string) => t.injectAs(token, { method: 'GET', url: '/api/user/profile' });
const adminList = (t: TestApp, token: string) => t.injectAs(token, { method: 'GET', url: '/api/user/all' });

describe('user cache, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves repeated requests from the cache: a row changed behind its back shows only after invalidation', async () => {
    const { user, token } = await createUser(t.app);
    expect((await t.app.userForToken(token))?.username).toBe(user.username);
    // Straight SQL raises no event: the cached row stands (this is what makes the tests below able to fail).
    await t.app.database.db.execute(sql`update users set username = 'sql_renamed' where id = ${user.id}`);
    expect((await t.app.userForToken(token))?.username).toBe(user.username);
    t.app.bus.emit('user:changed', { userId: user.id });
    expect((await t.app.userForToken(token))?.username).toBe('sql_renamed');
  });

  it('a password change makes the old token 401 at once', async () => {
    const { token, password } = await createUser(t.app);
    expect((await profile(t, token)).statusCode).toBe(200);
    const changed = await t.injectAs(token, {
      method: 'PUT',
      url: '/api/user/change-password',
      payload: { currentPassword: password, newPassword: 'tezə-parol-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(t, token)).statusCode).toBe(401);
    expect((await profile(t, changed.json().token)).statusCode).toBe(200);
  });

  it('a demoted admin gets 403 on admin routes at once', async () => {
    const boss = await createAdmin(t.app);
    const other = await createAdmin(t.app);
    expect((await adminList(t, other.token)).statusCode).toBe(200);
    const demote = await t.injectAs(boss.token, {
      method: 'PUT',
      url: `/api/user/${other.user.id}/admin`,
      payload: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(200);
    expect((await adminList(t, other.token)).statusCode).toBe(403);
  });

  it('a deleted user gets 401 at once', async () => {
    const boss = await createAdmin(t.app);
    const { user, token } = await createUser(t.app);
    expect((await profile(t, token)).statusCode).toBe(200);
    expect((await t.injectAs(boss.token, { method: 'DELETE', url: `/api/user/${user.id}` })).statusCode).toBe(200);
    expect((await profile(t, token)).statusCode).toBe(401);
  });

  it('profile edits reach the signed-in user at once', async () => {
    const { token } = await createUser(t.app);
    expect((await profile(t, token)).statusCode).toBe(200);
    const name = `renamed_${randomBytes(3).toString('hex')}`;
    const edit = await t.injectAs(token, { method: 'PUT', url: '/api/user/profile', payload: { username: name } });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.userForToken(token))?.username).toBe(name);
  });
});

// Two app instances sharing the database and Redis, as two processes of one install.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('user cache across processes (Redis)', () => {
  const two = twoProcessesPerSuite(redisUrl as string);

  // B's cached user goes when A's message arrives (not when its TTL runs out): the test waits
  // for that message, then B answers at once.

  it('a password change on A revokes the token on B', async () => {
    const { a, b } = two;
    const { user, token, password } = await createUser(a.app);
    expect((await profile(b, token)).statusCode).toBe(200);
    const told = dropped(b.app.userCache, user.id);
    const changed = await a.injectAs(token, {
      method: 'PUT',
      url: '/api/user/change-password',
      payload: { currentPassword: password, newPassword: 'tezə-parol-2026' },
    });
    expect(changed.statusCode).toBe(200);
    await told;
    expect((await profile(b, token)).statusCode).toBe(401);
  });

  it('a demotion on A is a 403 on B, a deletion on A a 401 on B', async () => {
    const { a, b } = two;
    const boss = await createAdmin(a.app);
    const other = await createAdmin(a.app);
    expect((await adminList(b, other.token)).statusCode).toBe(200);
    const demoted = dropped(b.app.userCache, other.user.id);
    await a.injectAs(boss.token, {
      method: 'PUT',
      url: `/api/user/${other.user.id}/admin`,
      payload: { isAdmin: false },
    });
    await demoted;
    expect((await adminList(b, other.token)).statusCode).toBe(403);

    expect((await profile(b, other.token)).statusCode).toBe(200);
    const deleted = dropped(b.app.userCache, other.user.id);
    await a.injectAs(boss.token, { method: 'DELETE', url: `/api/user/${other.user.id}` });
    await deleted;
    expect((await profile(b, other.token)).statusCode).toBe(401);
  });
});
