import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, idempotencyKeys, movies, users } from '../db/schema/index';
import { claim, fingerprint, idempotencySecrets, keepAnswer, purgeExpired, release } from '../lib/idempotency';
import { msg } from '../lib/messages';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createUser, type FactoryUser } from '../test/factories/user';

// A POST repeated with its Idempotency-Key answers the first answer again and changes nothing
// (docs/reliability.md "Rolling restart"), through the real routes.
let t: TestApp;
let alice: FactoryUser;
let bob: FactoryUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const post = (who: FactoryUser | null, url: string, key: string | undefined, payload?: object) =>
  t.inject({
    method: 'POST',
    url,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(payload ? { payload } : {}),
  });

const commentsSaying = async (text: string) =>
  (await t.app.database.db.select({ id: comments.id }).from(comments).where(eq(comments.text, text))).length;
/** A movie of alice's to comment on: a member holds one entry per film, a film any number of comments. */
const commentsUrl = async () => {
  const movie = (await post(alice, '/api/movies', undefined, { title: `Şərhlər ${randomUUID()}` })).json();
  return `/api/movies/${(movie as { id: string }).id}/comments`;
};

const moviesTitled = async (title: string) =>
  (await t.app.database.db.select({ id: movies.id }).from(movies).where(eq(movies.title, title))).length;

describe('POST with Idempotency-Key', () => {
  it('answers a repeat with the first answer and stores the movie once', async () => {
    const key = randomUUID();
    const first = await post(alice, '/api/movies', key, { title: 'Bir dəfə' });
    const again = await post(alice, '/api/movies', key, { title: 'Bir dəfə' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect([again.statusCode, again.body]).toEqual([201, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await moviesTitled('Bir dəfə')).toBe(1);
  });

  it('runs two sent at once only once: the second waits for the first', async () => {
    const key = randomUUID();
    const movie = (await post(alice, '/api/movies', undefined, { title: 'Şərhli' })).json() as { id: string };
    const url = `/api/movies/${movie.id}/comments`;
    const [a, b] = await Promise.all([
      post(alice, url, key, { text: 'eyni anda' }),
      post(alice, url, key, { text: 'eyni anda' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    const stored = await t.app.database.db.select().from(comments).where(eq(comments.movieId, movie.id));
    expect(stored).toHaveLength(1);
  });

  it('scopes keys per member: the same key from another member is a request of its own', async () => {
    const key = randomUUID();
    expect((await post(alice, '/api/movies', key, { title: 'Hər kəsə bir' })).statusCode).toBe(201);
    const other = await post(bob, '/api/movies', key, { title: 'Hər kəsə bir' });
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await moviesTitled('Hər kəsə bir')).toBe(2);
  });

  it('refuses the same key with another request (422), and a POST without a key runs each time', async () => {
    const key = randomUUID();
    expect((await post(alice, '/api/movies', key, { title: 'Birinci' })).statusCode).toBe(201);
    const reuse = await post(alice, '/api/movies', key, { title: 'İkinci' });
    expect([reuse.statusCode, reuse.json()]).toEqual([
      422,
      { success: false, error: msg.idempotency.otherRequest, code: 'UNPROCESSABLE' },
    ]);
    expect(await moviesTitled('İkinci')).toBe(0);
    const url = await commentsUrl();
    await post(alice, url, undefined, { text: 'Açarsız' });
    await post(alice, url, undefined, { text: 'Açarsız' });
    expect(await commentsSaying('Açarsız')).toBe(2);
  });

  it('reads keys on POST only: a PUT with a key runs each time and keeps none', async () => {
    const key = randomUUID();
    const movie = (await post(alice, '/api/movies', undefined, { title: 'Dəyişən' })).json() as { id: string };
    const put = (title: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/movies/${movie.id}`,
        headers: { authorization: `Bearer ${alice.token}`, 'idempotency-key': key },
        payload: { title },
      });
    const first = await put('Dəyişən 1');
    const second = await put('Dəyişən 2');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await moviesTitled('Dəyişən 2')).toBe(1);
    const kept = await t.app.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept).toEqual([]);
  });

  it('takes keys of up to 200 characters; a longer or empty one is 400 and changes nothing', async () => {
    expect((await post(alice, '/api/movies', 'k'.repeat(200), { title: 'Uzun açar' })).statusCode).toBe(201);
    for (const key of ['k'.repeat(201), '']) {
      const res = await post(alice, '/api/movies', key, { title: 'Çox uzun açar' });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { success: false, error: msg.idempotency.badKey, code: 'BAD_REQUEST' },
      ]);
    }
    expect(await moviesTitled('Çox uzun açar')).toBe(0);
  });

  it('keeps a 4xx answer: the repeat gets it again', async () => {
    const key = randomUUID();
    const first = await post(alice, `/api/friends/request/${alice.user.id}`, key);
    expect(first.json()).toMatchObject({ error: msg.friends.self });
    const again = await post(alice, `/api/friends/request/${alice.user.id}`, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
      first.statusCode,
      first.body,
      'true',
    ]);
  });

  it('does not keep a 5xx: the retry runs again and stores the movie once', async () => {
    const key = randomUUID();
    const db = t.app.database.db;
    await db.execute(sql`alter table movies add constraint no_boom check (title <> 'Partlayış')`);
    const failed = await post(alice, '/api/movies', key, { title: 'Partlayış' });
    await db.execute(sql`alter table movies drop constraint no_boom`);
    expect(failed.statusCode).toBe(500);
    const retried = await post(alice, '/api/movies', key, { title: 'Partlayış' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await moviesTitled('Partlayış')).toBe(1);
  });

  it('forgets a key after 24 hours (the purge removes it; until then it is ignored)', async () => {
    const key = randomUUID();
    const db = t.app.database.db;
    const url = await commentsUrl();
    await post(alice, url, key, { text: 'Dünən' });
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    const tomorrow = await post(alice, url, key, { text: 'Dünən' });
    expect(tomorrow.headers['idempotent-replayed']).toBeUndefined();
    expect(await commentsSaying('Dünən')).toBe(2);

    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await purgeExpired(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it("answers a visitor's repeated registration again (same token), one account; the answer is stored encrypted", async () => {
    const key = randomUUID();
    const fields = { username: 'idem_visitor', email: 'idem_visitor@example.com', password: 'Uzun-Parol-2024!' };
    const [a, b] = await Promise.all([
      post(null, '/api/auth/register', key, fields),
      post(null, '/api/auth/register', key, fields),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    const db = t.app.database.db;
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, fields.username))).toHaveLength(1);
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, ''), eq(idempotencyKeys.key, key)));
    const { token } = a.json() as { token: string };
    expect(row?.body).not.toContain(token.split('.')[1]);
    expect(row?.fingerprint).not.toContain(fields.password);
    // The same key with another body (another password) is not the same request.
    const other = await post(null, '/api/auth/register', key, { ...fields, password: 'Başqa-Parol-2024!' });
    expect([other.statusCode, other.json()]).toMatchObject([422, { error: msg.idempotency.otherRequest }]);
  });

  it('keeps no key for a login, which changes nothing: a repeat signs in again', async () => {
    const key = randomUUID();
    const body = { username: alice.user.username, password: alice.password };
    const first = await post(null, '/api/auth/login', key, body);
    const again = await post(null, '/api/auth/login', key, body);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.app.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('is seen by another process of the install', async () => {
    const second = await buildTestApp({}, t);
    try {
      const key = randomUUID();
      const first = await post(alice, '/api/movies', key, { title: 'İki proses' });
      const again = await second.injectAs(alice.token, {
        method: 'POST',
        url: '/api/movies',
        headers: { 'idempotency-key': key },
        payload: { title: 'İki proses' },
      });
      expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([201, first.body, 'true']);
      expect(await moviesTitled('İki proses')).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('claiming a key (lib/idempotency.ts)', () => {
  const secrets = idempotencySecrets('a test secret');
  const print = fingerprint(secrets, ['POST', '/api/x', '{}']);

  it('makes a repeat wait while the first runs, then gives it the answer', async () => {
    const db = t.app.database.db;
    const ref = { scope: alice.user.id, key: randomUUID() };
    expect(await claim(db, ref, print)).toEqual({ kind: 'claimed' });
    let settled = false;
    const repeat = claim(db, ref, print).finally(() => {
      settled = true;
    });
    // Still waiting after several polls.
    await new Promise((r) => setTimeout(r, 350));
    expect(settled).toBe(false);
    await keepAnswer(db, ref, 201, 'sealed');
    expect(await repeat).toEqual({ kind: 'answered', status: 201, body: 'sealed' });
  });

  it('lets a waiting repeat run when the first gives the key back (5xx)', async () => {
    const db = t.app.database.db;
    const ref = { scope: alice.user.id, key: randomUUID() };
    await claim(db, ref, print);
    const repeat = claim(db, ref, print);
    await new Promise((r) => setTimeout(r, 150));
    await release(db, ref);
    expect(await repeat).toEqual({ kind: 'claimed' });
  });

  it('gives up with 409 when the first never answers (its process died)', async () => {
    const db = t.app.database.db;
    const ref = { scope: alice.user.id, key: randomUUID() };
    await claim(db, ref, print);
    await expect(claim(db, ref, print, 300)).rejects.toMatchObject({
      statusCode: 409,
      message: msg.idempotency.inProgress,
    });
  });
});
