import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcements,
  buildTestApp,
  dropped,
  eventually,
  type TestApp,
  twoProcessesPerSuite,
} from '../test/build-test-app';
import { createAdmin, createUser } from '../test/factories/user';
import { USER_CHANGES_CHANNEL } from './auth';

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
    // Straight SQL raises no event: the cached row stands (this is what makes the tests below able
    // to fail). Without its triggers, so that PostgreSQL does not announce the change either.
    await t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set username = 'sql_renamed' where id = ${user.id}`);
    });
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

// PostgreSQL announces every change of a user's row (migration 0020_user_changes), so a row
// changed by SQL, the admin command or a restore goes from the cache without any event.
describe.runIf(process.env.TEST_DATABASE_URL)('user cache on PostgreSQL: changes the database announces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const bySql = async (id: string, change: ReturnType<typeof sql>) => {
    const told = dropped(t.app.userCache, id);
    await t.app.database.db.execute(sql`update users set ${change} where id = ${id}`);
    await told;
  };

  it('an admin flag and a token version set by SQL count at once', async () => {
    const { user, token } = await createUser(t.app);
    expect((await adminList(t, token)).statusCode).toBe(403);
    await bySql(user.id, sql`is_admin = true`);
    expect((await adminList(t, token)).statusCode).toBe(200);
    await bySql(user.id, sql`token_version = token_version + 1`);
    expect((await profile(t, token)).statusCode).toBe(401);
  });

  it('a user deleted by SQL gets 401', async () => {
    const { user, token } = await createUser(t.app);
    expect((await profile(t, token)).statusCode).toBe(200);
    const told = dropped(t.app.userCache, user.id);
    await t.app.database.db.execute(sql`delete from users where id = ${user.id}`);
    await told;
    expect((await profile(t, token)).statusCode).toBe(401);
  });

  it('announces changes of what the cached row holds, not of the last time seen', async () => {
    const { user } = await createUser(t.app);
    const announced = await announcements(t.app, USER_CHANGES_CHANNEL);
    await announced.since(); // the registration's
    await t.app.database.db.execute(sql`update users set last_seen_at = now() where id = ${user.id}`);
    expect(await announced.since()).toEqual([]);
    await t.app.database.db.execute(sql`update users set visibility = 'private' where id = ${user.id}`);
    expect(await announced.since()).toEqual([user.id]);
    await announced.close();
  });

  it('a lost listening connection leaves rows a second, until it listens again', async () => {
    await t.app.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kinodost-listener' and datname = current_database()`,
    );
    await eventually(async () => (t.app.userCache.degraded ? true : undefined));
    await eventually(async () => (t.app.userCache.degraded ? undefined : true));
  });

  it('a listening connection that stops answering counts as lost within seconds', async () => {
    const result = (await t.app.database.db.execute(
      sql`select pid from pg_stat_activity where application_name = 'kinodost-listener' and datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    const pid = result.rows[0]?.pid as number;
    // Its server process frozen, as a cut network leaves it: open, silent, no error.
    process.kill(pid, 'SIGSTOP');
    try {
      await eventually(async () => (t.app.userCache.degraded ? true : undefined));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await eventually(async () => (t.app.userCache.degraded ? undefined : true));
  });
});

// Two app instances sharing the database and Redis, as two processes of one install: the drops
// cross over PostgreSQL's NOTIFY on PostgreSQL, over Redis on PGlite.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('user cache across processes (NOTIFY on PostgreSQL, Redis on PGlite)', () => {
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
