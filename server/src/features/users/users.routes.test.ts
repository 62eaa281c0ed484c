import { existsSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { films, importJobs, importUndo } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, reloadUser } from '../../test/factories/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const as = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(token, { method, url, ...(payload ? { payload } : {}) });

const avatarForm = (data: Buffer, field = 'avatar', type = 'image/png') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), 'photo.png');
  return form;
};
const uploadAvatar = (token: string, form: FormData) =>
  t.injectAs(token, { method: 'POST', url: '/api/user/avatar', payload: form as unknown as string });
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();
const avatarFile = (url: string) => path.join(t.dataDir, 'uploads', 'avatars', path.basename(url));

describe('own profile', () => {
  it('GET /api/user/profile answers the profile fields and never the password hash', async () => {
    const { user, token } = await createUser(t.app, { username: 'elvin', email: 'elvin@example.com' });
    const res = await as(token, 'GET', '/api/user/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: 'elvin',
      email: 'elvin@example.com',
      avatar_url: null,
      isAdmin: false,
      created_at: user.createdAt.toISOString(),
      visibility: 'public',
    });
  });

  it('PUT /api/user/profile changes username and email, keeping them unique', async () => {
    const { token, password } = await createUser(t.app, { username: 'gunel' });
    await createUser(t.app, { username: 'taken_name', email: 'taken@example.com' });
    const ok = await as(token, 'PUT', '/api/user/profile', {
      username: 'Gunel_M',
      email: 'Gunel@Example.com',
      currentPassword: password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'Gunel_M', email: 'gunel@example.com' });

    const clash = await as(token, 'PUT', '/api/user/profile', { username: 'TAKEN_NAME' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual({ username: msg.auth.usernameTaken });
    const emailClash = await as(token, 'PUT', '/api/user/profile', {
      email: 'taken@example.com',
      currentPassword: password,
    });
    expect(emailClash.statusCode).toBe(409);

    const empty = await as(token, 'PUT', '/api/user/profile', {});
    expect(empty.statusCode).toBe(400);
    const unknown = await as(token, 'PUT', '/api/user/profile', { isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ isAdmin: msg.fields.unknown });
    const bad = await as(token, 'PUT', '/api/user/profile', { email: 'nope' });
    expect(bad.json().fields).toEqual({ email: msg.fields.email });
  });

  it('a new email needs the current password: missing or wrong is a 400 on currentPassword, and nothing changes', async () => {
    const { user, token, password } = await createUser(t.app);
    const missing = await as(token, 'PUT', '/api/user/profile', { email: 'moved@example.com', username: 'moved_too' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: msg.users.emailNeedsPassword,
      fields: { currentPassword: msg.users.emailNeedsPassword },
    });
    const wrong = await as(token, 'PUT', '/api/user/profile', {
      email: 'moved@example.com',
      currentPassword: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: msg.auth.wrongCurrentPassword });
    expect(await reloadUser(t.app, user.id)).toMatchObject({ email: user.email, username: user.username });
    // The same address in other letters, or no email at all, needs none.
    const same = await as(token, 'PUT', '/api/user/profile', {
      email: user.email.toUpperCase(),
      visibility: 'friends',
    });
    expect(same.statusCode).toBe(200);
    const right = await as(token, 'PUT', '/api/user/profile', {
      email: 'moved@example.com',
      currentPassword: password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().email).toBe('moved@example.com');
  });

  it('wrong current passwords for an email count with the login failures: past the limit, 429', async () => {
    const { token } = await createUser(t.app);
    let last = await as(token, 'PUT', '/api/user/profile', { email: 'x@example.com', currentPassword: 'wrong-1' });
    for (let i = 0; i < 20 && last.statusCode === 400; i++) {
      last = await as(token, 'PUT', '/api/user/profile', { email: 'x@example.com', currentPassword: 'wrong-1' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('GET /api/user/profile shows each change at once, though it is served from the signed-in user cache', async () => {
    const { user, token } = await createUser(t.app, { username: 'rauf' });
    const { token: admin } = await createAdmin(t.app);
    const profile = async () => (await as(token, 'GET', '/api/user/profile')).json();
    expect(await profile()).toMatchObject({ username: 'rauf', avatar_url: null, isAdmin: false });

    await as(token, 'PUT', '/api/user/profile', { username: 'rauf_m' });
    expect(await profile()).toMatchObject({ username: 'rauf_m' });
    const uploaded = (await uploadAvatar(token, avatarForm(await png(64, 64)))).json().avatar_url;
    expect(await profile()).toMatchObject({ avatar_url: uploaded });
    await as(token, 'DELETE', '/api/user/avatar');
    expect(await profile()).toMatchObject({ avatar_url: null });
    await as(admin, 'PUT', `/api/user/${user.id}`, { email: 'rauf.new@example.com' });
    expect(await profile()).toMatchObject({ email: 'rauf.new@example.com' });
    await as(admin, 'PUT', `/api/user/${user.id}/admin`, { isAdmin: true });
    expect(await profile()).toMatchObject({ isAdmin: true });
  });

  it('needs a token', async () => {
    expect(
      (await t.inject({ method: 'PUT', url: '/api/user/profile', payload: { username: 'x_x_x' } })).statusCode,
    ).toBe(401);
  });
});

describe('public profiles', () => {
  it('by id and by username (any case), without the email; a visitor never gets last_seen', async () => {
    const { user } = await createUser(t.app, { username: 'Fidan' });
    const byId = await t.inject({ method: 'GET', url: `/api/user/profile/${user.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({
      id: user.id,
      username: 'Fidan',
      avatar_url: null,
      isAdmin: false,
      created_at: user.createdAt.toISOString(),
      collection_hidden: false,
    });
    const member = await createUser(t.app);
    const asMember = await as(member.token, 'GET', `/api/user/profile/${user.id}`);
    expect(asMember.json()).toEqual({ ...byId.json(), last_seen: null });
    const byName = await t.inject({ method: 'GET', url: '/api/user/profile/username/fidan' });
    expect(byName.json()).toEqual(byId.json());
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await t.inject({ method: 'GET', url: '/api/user/profile/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: msg.users.notFound, code: 'NOT_FOUND' });
    expect((await t.inject({ method: 'GET', url: '/api/user/profile/username/nobody' })).statusCode).toBe(404);
    const malformed = await t.inject({ method: 'GET', url: "/api/user/profile/1'%20or%201=1" });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('avatars', () => {
  it('stores a square WebP, serves it with long caching, replaces and deletes the file', async () => {
    const { token } = await createUser(t.app);
    const res = await uploadAvatar(token, avatarForm(await png(800, 600)));
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar_url as string;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const second = await uploadAvatar(token, avatarForm(await png(100, 100)));
    expect(second.statusCode).toBe(200);
    expect(existsSync(avatarFile(url))).toBe(false);
    const secondUrl = second.json().avatar_url as string;
    expect(existsSync(avatarFile(secondUrl))).toBe(true);

    const del = await as(token, 'DELETE', '/api/user/avatar');
    expect(del.statusCode).toBe(200);
    expect(del.json().avatar_url).toBeNull();
    expect(existsSync(avatarFile(secondUrl))).toBe(false);
  });

  it('refuses other content (415), oversize bodies (413), a missing field (400), and keeps no file', async () => {
    const { user, token } = await createUser(t.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const wrong = await uploadAvatar(token, avatarForm(svg, 'avatar', 'image/png'));
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error).toBe(msg.avatar.unsupported);

    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)]);
    const big = await uploadAvatar(token, avatarForm(huge));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(msg.avatar.tooLarge);

    const field = await uploadAvatar(token, avatarForm(await png(10, 10), 'picture'));
    expect(field.statusCode).toBe(400);
    expect(field.json().error).toBe(msg.avatar.missing);

    const json = await as(token, 'POST', '/api/user/avatar', { avatar: 'x' });
    expect(json.statusCode).toBe(415);

    expect((await reloadUser(t.app, user.id))?.avatar).toBeNull();
    const dir = path.join(t.dataDir, 'uploads', 'avatars');
    const { readdirSync } = await import('node:fs');
    const leftovers = existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
    expect(leftovers.every((f) => !f.includes('tmp'))).toBe(true);
  });
});

describe('admin user management', () => {
  it('only admins list users (401 visitor, 403 member), paged, searchable and sorted', async () => {
    const { token: member } = await createUser(t.app);
    const { token: admin } = await createAdmin(t.app);
    for (const n of ['zeynab_a', 'zeynab_b', 'zeynab_c'])
      await createUser(t.app, { username: n, email: `${n}@kino.az` });

    expect((await t.inject({ method: 'GET', url: '/api/user/all' })).statusCode).toBe(401);
    const forbidden = await as(member, 'GET', '/api/user/all');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe(msg.users.adminOnly);

    const page1 = await as(admin, 'GET', '/api/user/all?q=ZEYNAB&limit=2&page=1&sort=username');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 3 });
    expect(page1.json().data.map((u: { username: string }) => u.username)).toEqual(['zeynab_a', 'zeynab_b']);
    const page2 = await as(admin, 'GET', '/api/user/all?q=zeynab&limit=2&page=2&sort=username');
    expect(page2.json().data.map((u: { username: string }) => u.username)).toEqual(['zeynab_c']);
    const desc = await as(admin, 'GET', '/api/user/all?q=zeynab&sort=-username');
    expect(desc.json().data[0].username).toBe('zeynab_c');
    const byEmail = await as(admin, 'GET', '/api/user/all?q=kino.az');
    expect(byEmail.json().total).toBe(3);
    // LIKE wildcards in the search are literal text.
    expect((await as(admin, 'GET', '/api/user/all?q=%25')).json().total).toBe(0);
    expect((await as(admin, 'GET', '/api/user/all?limit=1000')).statusCode).toBe(400);
  });

  it('sets and removes the admin flag, but never removes the last admin', async () => {
    const solo = await buildTestApp();
    try {
      const { user: boss, token } = await createAdmin(solo.app);
      const { user: member } = await createUser(solo.app);
      const put = (id: string, isAdmin: unknown) =>
        solo.injectAs(token, { method: 'PUT', url: `/api/user/${id}/admin`, payload: { isAdmin } });
      // The list tells the page how many admins there are, whatever page or search it shows.
      const adminCount = async (query = '') =>
        (await solo.injectAs(token, { method: 'GET', url: `/api/user/all${query}` })).json().adminCount;

      expect(await adminCount()).toBe(1);
      expect(await adminCount(`?q=${member.username}`)).toBe(1);
      const last = await put(boss.id, false);
      expect(last.statusCode).toBe(400);
      expect(last.json().error).toBe(msg.users.lastAdmin);
      expect((await put(member.id, 'yes')).statusCode).toBe(400);

      const promoted = await put(member.id, true);
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().isAdmin).toBe(true);
      expect(await adminCount()).toBe(2);
      expect((await put('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
      expect((await put(boss.id, false)).json().isAdmin).toBe(false);

      // The demoted admin's token still works, but no longer for admin calls.
      expect((await solo.injectAs(token, { method: 'GET', url: '/api/user/all' })).statusCode).toBe(403);
    } finally {
      await solo.close();
    }
  });

  it('edits another user (unique fields) and deletes users, revoking their tokens', async () => {
    const { token: admin } = await createAdmin(t.app);
    const { user, token: victimToken } = await createUser(t.app);
    await createUser(t.app, { username: 'occupied' });

    const edit = await as(admin, 'PUT', `/api/user/${user.id}`, {
      username: 'renamed_by_admin',
      email: 'R@example.com',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ username: 'renamed_by_admin', email: 'r@example.com' });
    expect((await as(admin, 'PUT', `/api/user/${user.id}`, { username: 'Occupied' })).statusCode).toBe(409);
    expect((await as(admin, 'PUT', `/api/user/${user.id}`, { password: 'x' })).statusCode).toBe(400);
    expect((await as(victimToken, 'PUT', `/api/user/${user.id}`, { username: 'hijack' })).statusCode).toBe(403);

    const del = await as(admin, 'DELETE', `/api/user/${user.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: msg.users.deleted });
    expect(await reloadUser(t.app, user.id)).toBeUndefined();
    expect((await as(victimToken, 'GET', '/api/user/profile')).statusCode).toBe(401);
    expect((await as(admin, 'DELETE', `/api/user/${user.id}`)).statusCode).toBe(404);
  });

  it("takes with a member the films their running import made, unless another member's entry holds one", async () => {
    const { token: admin } = await createAdmin(t.app);
    const { user } = await createUser(t.app);
    const other = await createUser(t.app);
    const db = t.app.database.db;
    // The state an import leaves between two batches: a running job, films made, their undo rows.
    const [job] = await db.insert(importJobs).values({ userId: user.id, format: 'letterboxd', total: 2 }).returning();
    const alone = await createFilm(t.app, { title: 'Yalnız idxaldan', source: 'member', createdBy: user.id });
    const held = await createFilm(t.app, { title: 'Başqasının da filmi', source: 'member', createdBy: user.id });
    await db
      .insert(importUndo)
      .values([alone, held].map((f) => ({ jobId: job?.id as string, kind: 'film' as const, targetId: f.id })));
    await createMovie(t.app, other.user.id, { filmId: held.id, status: 'watchlist' });

    expect((await as(admin, 'DELETE', `/api/user/${user.id}`)).statusCode).toBe(200);
    const left = await db
      .select({ id: films.id })
      .from(films)
      .where(inArray(films.id, [alone.id, held.id]));
    expect(left.map((f) => f.id)).toEqual([held.id]);
  });

  it('refuses to delete the last admin, even themselves', async () => {
    const solo = await buildTestApp();
    try {
      const { user, token } = await createAdmin(solo.app);
      const res = await solo.injectAs(token, { method: 'DELETE', url: `/api/user/${user.id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(msg.users.lastAdmin);
      expect(await reloadUser(solo.app, user.id)).toBeDefined();
    } finally {
      await solo.close();
    }
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const solo = await buildTestApp();
    try {
      const a = await createAdmin(solo.app);
      const b = await createAdmin(solo.app);
      const results = await Promise.all([
        solo.injectAs(a.token, { method: 'PUT', url: `/api/user/${b.user.id}/admin`, payload: { isAdmin: false } }),
        solo.injectAs(b.token, { method: 'PUT', url: `/api/user/${a.user.id}/admin`, payload: { isAdmin: false } }),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).not.toContain(500);
      const admins = [await reloadUser(solo.app, a.user.id), await reloadUser(solo.app, b.user.id)].filter(
        (u) => u?.isAdmin,
      );
      expect(admins.length).toBe(1);
    } finally {
      await solo.close();
    }
  });
});
