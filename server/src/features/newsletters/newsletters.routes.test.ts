import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletters } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createNewsletter, readsOf } from '../../test/factories/newsletter';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';

let t: TestApp;
let member: FactoryUser;
let other: FactoryUser;
let admin: FactoryUser;

beforeAll(async () => {
  t = await buildTestApp();
  member = await createUser(t.app, { username: 'reader' });
  other = await createUser(t.app);
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());
// Every test starts from no newsletters, so counts and orders are exact.
beforeEach(async () => {
  await t.app.database.db.delete(newsletters);
});

const MISSING = '00000000-0000-4000-8000-000000000000';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: FactoryUser, method: Method, url: string, payload?: object) =>
  t.injectAs(who.token, { method, url, ...(payload ? { payload } : {}) });
const visitor = (method: Method, url: string, payload?: object) =>
  t.inject({ method, url, ...(payload ? { payload } : {}) });
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((n) => n.id);
const markViewed = (who: FactoryUser, id: string) => as(who, 'POST', `/api/newsletters/${id}/mark-viewed`);
const unread = async (who: FactoryUser) =>
  (await as(who, 'GET', `/api/newsletters/unread-count?_t=${Date.now()}`)).json();

/** n newsletters one minute apart; the returned list is newest first. */
async function seed(n: number, extra: { important?: number[] } = {}) {
  const base = Date.UTC(2025, 0, 1);
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(
      await createNewsletter(t.app, {
        title: `Yenilik ${i}`,
        createdAt: new Date(base + i * 60_000),
        isImportant: extra.important?.includes(i) ?? false,
      }),
    );
  }
  return rows.reverse();
}

describe('GET /api/newsletters (public list)', () => {
  it('pages with defaults 1 and 10, newest first, is_viewed false for visitors, without content', async () => {
    const all = await seed(12, { important: [11] });
    const res = await visitor('GET', '/api/newsletters');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 1, limit: 10, total: 12 });
    expect(ids(res)).toEqual(all.slice(0, 10).map((n) => n.id));
    expect(body.data[0]).toEqual({
      id: all[0]?.id,
      title: 'Yenilik 11',
      is_important: true,
      is_viewed: false,
      created_at: all[0]?.createdAt.toISOString(),
      updated_at: all[0]?.updatedAt.toISOString(),
    });
    const second = await visitor('GET', '/api/newsletters?page=2&limit=10');
    expect(ids(second)).toEqual(all.slice(10).map((n) => n.id));
    expect((await visitor('GET', '/api/newsletters?page=3')).json().data).toEqual([]);
  });

  it('refuses a limit above 100 or a page below 1 with field texts', async () => {
    const tooMany = await visitor('GET', '/api/newsletters?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, code: 'VALIDATION', fields: { limit: msg.fields.invalid } });
    expect((await visitor('GET', '/api/newsletters?page=0')).statusCode).toBe(400);
    expect((await visitor('GET', '/api/newsletters?limit=abc')).json().fields).toEqual({ limit: msg.fields.type });
    expect((await visitor('GET', '/api/newsletters?limit=100')).statusCode).toBe(200);
  });

  it('gives members their own is_viewed; a bad token just reads as a visitor', async () => {
    const [a, b] = await seed(2);
    expect((await markViewed(member, a?.id as string)).statusCode).toBe(200);
    const viewed = (res: { json(): { data: { id: string; is_viewed: boolean }[] } }) =>
      Object.fromEntries(res.json().data.map((n) => [n.id, n.is_viewed]));
    expect(viewed(await as(member, 'GET', '/api/newsletters'))).toEqual({
      [a?.id as string]: true,
      [b?.id as string]: false,
    });
    expect(viewed(await as(other, 'GET', '/api/newsletters'))).toEqual({
      [a?.id as string]: false,
      [b?.id as string]: false,
    });
    const stale = await t.injectAs('not-a-token', { method: 'GET', url: '/api/newsletters' });
    expect(stale.statusCode).toBe(200);
    expect(viewed(stale)).toEqual({ [a?.id as string]: false, [b?.id as string]: false });
  });
});

describe('GET /api/newsletters/latest', () => {
  it('members get their 5 latest unread ones; _t is accepted and ignored', async () => {
    const all = await seed(8);
    await markViewed(member, all[0]?.id as string);
    await markViewed(member, all[2]?.id as string);
    const res = await as(member, 'GET', `/api/newsletters/latest?limit=5&_t=${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(ids(res)).toEqual([all[1], all[3], all[4], all[5], all[6]].map((n) => n?.id));
    expect(res.json().data.every((n: { is_viewed: boolean }) => !n.is_viewed)).toBe(true);
    // Default limit 5, and another member's reads don't matter.
    expect(ids(await as(other, 'GET', '/api/newsletters/latest'))).toEqual(all.slice(0, 5).map((n) => n.id));
  });

  it('once everything is read the list is empty', async () => {
    const all = await seed(2);
    for (const n of all) await markViewed(member, n.id);
    expect((await as(member, 'GET', '/api/newsletters/latest')).json()).toEqual({ success: true, data: [] });
  });

  it('visitors get the latest ones with is_viewed false; limit is 1..20', async () => {
    const all = await seed(25);
    const res = await visitor('GET', '/api/newsletters/latest?_t=1700000000000');
    expect(ids(res)).toEqual(all.slice(0, 5).map((n) => n.id));
    expect(ids(await visitor('GET', '/api/newsletters/latest?limit=20'))).toHaveLength(20);
    expect((await visitor('GET', '/api/newsletters/latest?limit=21')).statusCode).toBe(400);
    expect((await visitor('GET', '/api/newsletters/latest?limit=0')).statusCode).toBe(400);
    expect((await visitor('GET', `/api/newsletters/latest?_t=${'9'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('unread count and mark-viewed', () => {
  it('counts unread newsletters per member and drops by one per first mark', async () => {
    const all = await seed(3);
    expect(await unread(member)).toEqual({ success: true, count: 3 });
    const res = await markViewed(member, all[1]?.id as string);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: msg.newsletters.markedViewed });
    expect(await unread(member)).toEqual({ success: true, count: 2 });
    expect(await unread(other)).toEqual({ success: true, count: 3 });
  });

  it('is idempotent: marking again changes nothing and still answers 200', async () => {
    const [n] = await seed(1);
    const id = n?.id as string;
    expect((await markViewed(member, id)).statusCode).toBe(200);
    expect((await markViewed(member, id)).statusCode).toBe(200);
    expect(await unread(member)).toEqual({ success: true, count: 0 });
    expect(await readsOf(t.app, id)).toHaveLength(1);
  });

  it('concurrent double marks never fail and leave one read mark', async () => {
    const all = await seed(10);
    const results = await Promise.all(all.flatMap((n) => [markViewed(member, n.id), markViewed(member, n.id)]));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    for (const n of all) expect(await readsOf(t.app, n.id)).toHaveLength(1);
    expect(await unread(member)).toEqual({ success: true, count: 0 });
  });

  it('a mark racing a delete answers 200 or 404, never 500', async () => {
    const all = await seed(10);
    const results = await Promise.all(
      all.flatMap((n) => [
        markViewed(member, n.id),
        as(admin, 'DELETE', `/api/newsletters/admin/${n.id}`),
        markViewed(other, n.id),
      ]),
    );
    for (const r of results) expect([200, 404]).toContain(r.statusCode);
    for (const n of all) expect(await readsOf(t.app, n.id)).toHaveLength(0);
  });

  it('needs a member: visitors get 401; unknown ids 404, malformed ones 400', async () => {
    const [n] = await seed(1);
    expect((await visitor('GET', '/api/newsletters/unread-count')).statusCode).toBe(401);
    const anon = await visitor('POST', `/api/newsletters/${n?.id}/mark-viewed`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: msg.auth.missingToken });
    const missing = await markViewed(member, MISSING);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: msg.newsletters.notFound });
    expect((await markViewed(member, 'abc')).statusCode).toBe(400);
  });
});

describe('GET /api/newsletters/{id}', () => {
  it('is public with the content, and is_viewed per viewer', async () => {
    const n = await createNewsletter(t.app, { title: 'Xəbər', content: '# Başlıq\n\n<script>alert(1)</script>' });
    const res = await visitor('GET', `/api/newsletters/${n.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: n.id,
      title: 'Xəbər',
      content: '# Başlıq\n\n<script>alert(1)</script>',
      is_important: false,
      is_viewed: false,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
    });
    // JSON, never HTML: the stored markup only reaches the browser as a string to render safely.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    await markViewed(member, n.id);
    expect((await as(member, 'GET', `/api/newsletters/${n.id}`)).json().is_viewed).toBe(true);
    expect((await as(other, 'GET', `/api/newsletters/${n.id}`)).json().is_viewed).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await visitor('GET', `/api/newsletters/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(msg.newsletters.notFound);
    const bad = await visitor('GET', '/api/newsletters/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: msg.fields.invalid });
  });
});

describe('admin calls', () => {
  const valid = { title: 'Yeni funksiya', content: 'Artıq **dostlarınızı** axtara bilərsiniz.' };

  it('members get 403 and visitors 401 on every admin call', async () => {
    const [n] = await seed(1);
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/api/newsletters/admin/all'],
      ['POST', '/api/newsletters/admin/create', valid],
      ['PUT', `/api/newsletters/admin/${n?.id}`, { title: 'x' }],
      ['DELETE', `/api/newsletters/admin/${n?.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const forbidden = await as(member, method, url, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN', error: msg.users.adminOnly });
      expect((await visitor(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await visitor('GET', `/api/newsletters/${n?.id}`)).json().title).toBe(n?.title);
  });

  it('lists every newsletter with its content, newest first, paged', async () => {
    const all = await seed(3);
    const res = await as(admin, 'GET', '/api/newsletters/admin/all?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 3 });
    expect(ids(res)).toEqual([all[0]?.id, all[1]?.id]);
    expect(res.json().data[0].content).toBe(all[0]?.content);
    expect(ids(await as(admin, 'GET', '/api/newsletters/admin/all?page=2&limit=2'))).toEqual([all[2]?.id]);
    expect((await as(admin, 'GET', '/api/newsletters/admin/all?limit=500')).statusCode).toBe(400);
  });

  it('creates a newsletter (201), trims the title, and raises newsletter:created once stored', async () => {
    const events: unknown[] = [];
    const listener = (e: unknown) => events.push(e);
    t.app.bus.on('newsletter:created', listener);
    try {
      const res = await as(admin, 'POST', '/api/newsletters/admin/create', {
        ...valid,
        title: '  Yeni funksiya  ',
        is_important: true,
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        title: 'Yeni funksiya',
        content: valid.content,
        is_important: true,
        is_viewed: false,
      });
      expect(events).toEqual([
        { id: created.id, title: 'Yeni funksiya', is_important: true, created_at: created.created_at },
      ]);
      expect((await visitor('GET', `/api/newsletters/${created.id}`)).json()).toEqual(created);
      // It is unread for members at once.
      expect(ids(await as(member, 'GET', '/api/newsletters/latest'))).toEqual([created.id]);
      expect(await unread(member)).toEqual({ success: true, count: 1 });

      const plain = await as(admin, 'POST', '/api/newsletters/admin/create', valid);
      expect(plain.json().is_important).toBe(false);
      expect(events).toHaveLength(2);
    } finally {
      t.app.bus.off('newsletter:created', listener);
    }
  });

  it('refuses bad bodies with Azerbaijani field texts and raises no event', async () => {
    const events: unknown[] = [];
    const listener = (e: unknown) => events.push(e);
    t.app.bus.on('newsletter:created', listener);
    try {
      const create = (body: object) => as(admin, 'POST', '/api/newsletters/admin/create', body);
      const cases: Array<[object, Record<string, string>]> = [
        [{ content: 'x' }, { title: msg.fields.required }],
        [{ title: 'x' }, { content: msg.fields.required }],
        [{ title: '', content: 'x' }, { title: msg.fields.required }],
        [{ title: 'x'.repeat(201), content: 'x' }, { title: msg.fields.tooLong(200) }],
        [{ title: 'x', content: 'y'.repeat(20001) }, { content: msg.fields.tooLong(20000) }],
        [{ ...valid, is_important: 'yes' }, { is_important: msg.fields.type }],
        [{ ...valid, author_id: MISSING }, { author_id: msg.fields.unknown }],
        [{ title: '   ', content: 'x' }, { title: msg.newsletters.blankTitle }],
        [
          { title: '\u200b', content: '\ufeff\u2060' },
          { title: msg.newsletters.blankTitle, content: msg.newsletters.blankContent },
        ],
        [{ title: 'x', content: ' \n\n ' }, { content: msg.newsletters.blankContent }],
      ];
      for (const [body, fields] of cases) {
        const res = await create(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
        expect(res.json().fields).toEqual(fields);
      }
      expect((await create({ title: 'x'.repeat(200), content: 'y'.repeat(20000) })).statusCode).toBe(201);
      expect(events).toHaveLength(1);
    } finally {
      t.app.bus.off('newsletter:created', listener);
    }
  });

  it('updates any subset of fields and moves updated_at', async () => {
    const n = await createNewsletter(t.app, { createdAt: new Date('2025-01-01'), updatedAt: new Date('2025-01-01') });
    await markViewed(admin, n.id);
    const url = `/api/newsletters/admin/${n.id}`;
    const res = await as(admin, 'PUT', url, { is_important: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: n.id,
      title: n.title,
      content: n.content,
      is_important: true,
      is_viewed: true,
    });
    expect(res.json().created_at).toBe(n.createdAt.toISOString());
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(n.updatedAt.getTime());

    const both = await as(admin, 'PUT', url, { title: ' Yeni ad ', content: 'Yeni mətn' });
    expect(both.json()).toMatchObject({ title: 'Yeni ad', content: 'Yeni mətn', is_important: true });
    expect((await visitor('GET', `/api/newsletters/${n.id}`)).json()).toMatchObject({ title: 'Yeni ad' });
  });

  it('refuses an empty, blank or unknown update, and answers 404 for an unknown id', async () => {
    const n = await createNewsletter(t.app);
    const url = `/api/newsletters/admin/${n.id}`;
    expect((await as(admin, 'PUT', url, {})).statusCode).toBe(400);
    expect((await as(admin, 'PUT', url, { title: '  ' })).json().fields).toEqual({ title: msg.newsletters.blankTitle });
    expect((await as(admin, 'PUT', url, { views: 3 })).json().fields).toEqual({ views: msg.fields.unknown });
    const missing = await as(admin, 'PUT', `/api/newsletters/admin/${MISSING}`, { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(msg.newsletters.notFound);
    expect((await as(admin, 'PUT', '/api/newsletters/admin/xyz', { title: 'x' })).statusCode).toBe(400);
    expect((await visitor('GET', `/api/newsletters/${n.id}`)).json().title).toBe(n.title);
  });

  it('deletes a newsletter with its read marks; the second delete is 404', async () => {
    const [keep, doomed] = await seed(2);
    const id = doomed?.id as string;
    await markViewed(member, id);
    await markViewed(other, id);
    expect(await readsOf(t.app, id)).toHaveLength(2);
    const res = await as(admin, 'DELETE', `/api/newsletters/admin/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: msg.newsletters.deleted });
    expect(await readsOf(t.app, id)).toHaveLength(0);
    expect((await visitor('GET', `/api/newsletters/${id}`)).statusCode).toBe(404);
    expect((await markViewed(member, id)).statusCode).toBe(404);
    expect(await unread(member)).toEqual({ success: true, count: 1 });
    expect(ids(await visitor('GET', '/api/newsletters'))).toEqual([keep?.id]);
    expect((await as(admin, 'DELETE', `/api/newsletters/admin/${id}`)).statusCode).toBe(404);
  });
});

describe('bodiless calls with a JSON content type (as the web client sends them)', () => {
  const json = { 'content-type': 'application/json' };
  it('mark-viewed and delete accept an empty body; bad JSON is still refused', async () => {
    const [n] = await seed(1);
    const id = n?.id as string;
    const mark = await t.injectAs(member.token, {
      method: 'POST',
      url: `/api/newsletters/${id}/mark-viewed`,
      headers: json,
    });
    expect(mark.statusCode).toBe(200);
    expect(await unread(member)).toEqual({ success: true, count: 0 });
    const broken = await t.injectAs(member.token, {
      method: 'POST',
      url: `/api/newsletters/${id}/mark-viewed`,
      headers: json,
      payload: '{"oops',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(msg.common.malformedJson);
    const poisoned = await t.injectAs(admin.token, {
      method: 'PUT',
      url: `/api/newsletters/admin/${id}`,
      headers: json,
      payload: '{"title":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const emptyCreate = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/newsletters/admin/create',
      headers: json,
    });
    expect(emptyCreate.statusCode).toBe(400);
    expect(emptyCreate.json().code).toBe('VALIDATION');
    const del = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/newsletters/admin/${id}`, headers: json });
    expect(del.statusCode).toBe(200);
  });
});

describe('routing', () => {
  it('static paths are not taken for an id, and unknown paths under it are 404', async () => {
    await seed(1);
    expect((await visitor('GET', '/api/newsletters/latest')).statusCode).toBe(200);
    expect((await as(member, 'GET', '/api/newsletters/unread-count')).statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/newsletters/admin/all')).statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/newsletters/admin')).statusCode).toBe(400);
    expect((await visitor('GET', '/api/newsletters/admin/nothing/here')).statusCode).toBe(404);
  });
});
