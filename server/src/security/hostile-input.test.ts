import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, friendships, movies, newsletters, users } from '../db/schema/index';
import { msg } from '../lib/messages';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMovie } from '../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../test/factories/user';

/**
 * Issue 7 "Hostile input": property tests (fast-check) of the main write routes and the
 * search path. Whatever arrives, the answer is never a 5xx; a refusal is a 4xx with
 * the API's error body and leaves the data as it was; an acceptance stores exactly what
 * was sent and nothing the caller may not set (no admin flag, no other author).
 */

// FC_RUNS raises the count for a deeper hunt (FC_RUNS=1000 npx vitest run src/security).
const RUNS = Number(process.env.FC_RUNS ?? 60);
let t: TestApp;
let member: FactoryUser;
let admin: FactoryUser;
let target: FactoryUser;
let movieId: string;
const protoNamesBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  // Rate limits have suites of their own; here they would turn every answer into a 429.
  t = await buildTestApp({
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    LOGIN_ATTEMPTS_PER_IP: '1000000',
    LOGIN_FAILURES_PER_ACCOUNT: '100000',
    COMMENTS_PER_USER_PER_HOUR: '100000',
  });
  member = await createUser(t.app);
  admin = await createAdmin(t.app);
  target = await createUser(t.app);
  movieId = (await createMovie(t.app, member.user.id, { title: 'Hədəf filmi' })).id;
});
afterAll(() => t.close());

// ---------------------------------------------------------------- arbitraries

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "admin'--",
  '1; SELECT pg_sleep(5)',
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  '%%%%',
  "kd_fold('x')",
  '&|!():*',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--',
  ']]>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${7*7}',
];
const PROTO = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

/** Characters that trip up encoders and databases: NUL, controls, lone surrogates, bidi and zero-width marks. */
const oddChar = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(
    '\u0000',
    '\u202e',
    '\u200b',
    '\ufeff',
    '\u2028',
    '\u0301',
    'İ',
    'ı',
    'ə',
    'Ə',
    '🎬',
    '👨‍👩‍👧',
    '\uffff',
  ),
);

/** Strings of every kind; `max` keeps most under a field's limit, `huge` goes far past it. */
const nastyString = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...PROTO, '', ' ', '\t\n', 'null', 'undefined', 'NaN'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: oddChar, maxLength: 20 }),
  fc.tuple(fc.constantFrom(...SQL, ...HTML), fc.string({ unit: oddChar, maxLength: 5 })).map(([a, b]) => a + b),
  fc
    .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('a', 'ə', '🎬', '\u0000', '<', "'"))
    .map(([n, c]) => c.repeat(n)),
);

/** Values of the wrong type for a string field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTO, 'a', '$ne', '$gt'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A field: a plausible value, a hostile string, or the wrong type. */
const field = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    plausible,
    nastyString,
    wrongType,
    // U+0000 inside otherwise fine text: PostgreSQL cannot store it (once a 500, now a 400).
    plausible.map((v) => (typeof v === 'string' ? `${v}\u0000` : v)),
  );

/** What PostgreSQL's UTF-8 keeps of a JS string: lone surrogates become U+FFFD. */
const stored = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/**
 * A JSON body text: an object with the route's fields (hostile or not) plus keys the caller may
 * not set, a prototype-pollution object (written by hand: JSON.stringify cannot emit an own
 * `__proto__`), a non-object, or text that is not JSON at all.
 */
function body(fields: Record<string, fc.Arbitrary<unknown>>, forbidden: Record<string, unknown> = {}) {
  const record = fc.record(
    Object.fromEntries(Object.entries(fields).map(([k, a]) => [k, field(a)])) as Record<string, fc.Arbitrary<unknown>>,
    { requiredKeys: [] },
  );
  const withExtras = fc
    .tuple(record, fc.subarray(Object.entries(forbidden)))
    .map(([r, extra]) => JSON.stringify({ ...r, ...Object.fromEntries(extra) }));
  const polluting = fc
    .tuple(record, fc.constantFrom('__proto__', 'constructor'), fc.constantFrom('polluted', 'isAdmin', 'prototype'))
    .map(([r, k, inner]) => {
      const json = JSON.stringify(r);
      const poison = k === 'constructor' ? `{"prototype":{"${inner}":true}}` : `{"${inner}":true}`;
      return json === '{}' ? `{"${k}":${poison}}` : `{"${k}":${poison},${json.slice(1)}`;
    });
  const notAnObject = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v === undefined ? null : v));
  const notJson = fc.constantFrom(
    '{',
    '{"title":',
    "{'title':'x'}",
    'NaN',
    '[1,]',
    '{"a":1}}',
    '\u0000',
    '{"a":"\\ud800"',
  );
  return fc.oneof(
    { weight: 4, arbitrary: withExtras },
    { weight: 2, arbitrary: polluting },
    { weight: 1, arbitrary: notAnObject },
    { weight: 1, arbitrary: notJson },
  );
}

// ---------------------------------------------------------------- checks

const json = { 'content-type': 'application/json' };

/** The API's error body (docs/product.md#api-shape), with nothing of the server's insides in it. */
function expectErrorBody(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const b = res.json() as { success: unknown; error: unknown; code: unknown };
  expect(b.success).toBe(false);
  expect(typeof b.error === 'string' && b.error.length > 0, res.body).toBe(true);
  expect(typeof b.code === 'string' && b.code.length > 0, res.body).toBe(true);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|violates|duplicate key|syntax error at|relation "|PGlite/i);
}

const never5xx = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(500);

const db = () => t.app.database.db;
const counts = async () => ({
  users: await db().$count(users),
  movies: await db().$count(movies),
  comments: await db().$count(comments),
  newsletters: await db().$count(newsletters),
  friendships: await db().$count(friendships),
});
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const movieRow = async (id: string) => (await db().select().from(movies).where(eq(movies.id, id)))[0];

const parsed = (text: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Bytes percent-encoded one by one, so even lone surrogates (as U+FFFD) make a valid URL. */
const pathSegment = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const property = <T>(arb: fc.Arbitrary<T>, run: (v: T) => Promise<void>, numRuns = RUNS) =>
  fc.assert(fc.asyncProperty(arb, run), { numRuns });

// ---------------------------------------------------------------- properties

describe('hostile input never breaks the server or the data', () => {
  it('POST /api/auth/register: refused without a user; accepted only as an ordinary member', async () => {
    const arb = body(
      {
        username: fc.stringMatching(/^[a-z][a-z0-9_.]{2,20}$/),
        password: fc.constant('Kino-Dost-Uzun-Parol-1'),
        email: fc.emailAddress(),
      },
      { isAdmin: true, is_admin: true, tokenVersion: 99, id: '00000000-0000-0000-0000-000000000000' },
    );
    await property(arb, async (text) => {
      const before = await counts();
      const res = await t.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload: text });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await counts()).toEqual(before);
        return;
      }
      expect(res.statusCode).toBe(201);
      const sent = parsed(text) as { username: string };
      // Usernames are stored in NFKC form (docs/reliability.md, "Look-alike usernames").
      const [row] = await db()
        .select()
        .from(users)
        .where(eq(users.username, sent.username.normalize('NFKC')));
      expect(row?.isAdmin).toBe(false);
      expect(row?.tokenVersion).toBe(0);
      expect(row?.id).not.toBe('00000000-0000-0000-0000-000000000000');
      expect(await counts()).toEqual({ ...before, users: before.users + 1 });
    });
  });

  it('POST /api/auth/login: never a token for junk, never a 5xx, nothing changes', async () => {
    const arb = body({ username: fc.constant(member.user.username), password: fc.string({ maxLength: 20 }) });
    await property(arb, async (text) => {
      const before = await userRow(member.user.id);
      const res = await t.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: text });
      expectErrorBody(res);
      expect(await userRow(member.user.id)).toEqual(before);
    });
  });

  it('PUT /api/user/profile: refused leaves the profile; accepted never grants admin', async () => {
    const arb = body(
      { username: fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/), email: fc.emailAddress() },
      { isAdmin: true, is_admin: true, password: 'x', tokenVersion: 5, id: target.user.id },
    );
    await property(arb, async (text) => {
      const before = await userRow(member.user.id);
      const targetBefore = await userRow(target.user.id);
      const res = await t.injectAs(member.token, {
        method: 'PUT',
        url: '/api/user/profile',
        headers: json,
        payload: text,
      });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await userRow(member.user.id)).toEqual(before);
      } else {
        const after = await userRow(member.user.id);
        expect(after?.isAdmin).toBe(false);
        expect(after?.passwordHash).toBe(before?.passwordHash);
        expect(after?.tokenVersion).toBe(before?.tokenVersion);
      }
      expect(await userRow(target.user.id)).toEqual(targetBefore);
    });
  });

  const movieFields = {
    title: fc.string({ minLength: 1, maxLength: 30 }),
    year: fc.integer({ min: 1870, max: 2100 }),
    genres: fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 5 }),
    director: fc.string({ maxLength: 30 }),
    overview: fc.string({ maxLength: 60 }),
    poster_url: fc.webUrl(),
    rating: fc.integer({ min: 1, max: 10 }),
    status: fc.constantFrom('watched', 'watchlist'),
    watched_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  };
  const movieForbidden = { owner_id: 'x', id: '00000000-0000-0000-0000-000000000000', score: 1 };

  it('POST /api/movies: refused adds no movie; accepted is the caller’s, with the title as sent', async () => {
    await property(body(movieFields, { ...movieForbidden, ownerId: target.user.id }), async (text) => {
      const before = await counts();
      const res = await t.injectAs(member.token, { method: 'POST', url: '/api/movies', headers: json, payload: text });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await counts()).toEqual(before);
        return;
      }
      expect(res.statusCode).toBe(201);
      const made = res.json() as { id: string; title: string };
      expect(made.title).toBe(stored(String(parsed(text)?.title).trim()));
      expect((await movieRow(made.id))?.ownerId).toBe(member.user.id);
      expect(await counts()).toEqual({ ...before, movies: before.movies + 1 });
    });
  });

  it('PUT /api/movies/{id}: refused leaves the movie; accepted keeps its owner', async () => {
    await property(body(movieFields, { ...movieForbidden, ownerId: target.user.id }), async (text) => {
      const before = await movieRow(movieId);
      const res = await t.injectAs(member.token, {
        method: 'PUT',
        url: `/api/movies/${movieId}`,
        headers: json,
        payload: text,
      });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await movieRow(movieId)).toEqual(before);
      } else {
        expect((await movieRow(movieId))?.ownerId).toBe(member.user.id);
      }
    });
  });

  it('POST /api/movies/{id}/comments: refused adds nothing; accepted is pending and the caller’s', async () => {
    const arb = body(
      { text: fc.string({ minLength: 1, maxLength: 50 }) },
      { status: 'approved', authorId: target.user.id, author_id: target.user.id, movieId: 'x' },
    );
    await property(arb, async (text) => {
      const before = await counts();
      const res = await t.injectAs(member.token, {
        method: 'POST',
        url: `/api/movies/${movieId}/comments`,
        headers: json,
        payload: text,
      });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await counts()).toEqual(before);
        return;
      }
      expect(res.statusCode).toBe(201);
      const made = res.json() as { id: string };
      const [row] = await db().select().from(comments).where(eq(comments.id, made.id));
      expect(row).toMatchObject({ status: 'pending', authorId: member.user.id, movieId });
      expect(row?.text).toBe(stored(String(parsed(text)?.text).trim()));
      expect(await counts()).toEqual({ ...before, comments: before.comments + 1 });
    });
  });

  it('POST /api/newsletters/admin/create (as admin): refused adds nothing; accepted stores the text less its outer blank lines', async () => {
    const arb = body(
      {
        title: fc.string({ minLength: 1, maxLength: 50 }),
        content: fc.string({ minLength: 1, maxLength: 200 }),
        is_important: fc.boolean(),
      },
      { id: '00000000-0000-0000-0000-000000000000', created_at: '1970-01-01T00:00:00Z' },
    );
    await property(arb, async (text) => {
      const before = await counts();
      const res = await t.injectAs(admin.token, {
        method: 'POST',
        url: '/api/newsletters/admin/create',
        headers: json,
        payload: text,
      });
      never5xx(res);
      if (res.statusCode >= 400) {
        expectErrorBody(res);
        expect(await counts()).toEqual(before);
        return;
      }
      expect(res.statusCode).toBe(201);
      const made = res.json() as { id: string; content: string };
      expect(made.id).not.toBe('00000000-0000-0000-0000-000000000000');
      // Leading blank lines and trailing whitespace go; leading spaces stay (Markdown indentation).
      const sent = String(parsed(text)?.content);
      expect(made.content).toBe(stored(sent.replace(/^\s*\n/, '').trimEnd()));
      expect(await counts()).toEqual({ ...before, newsletters: before.newsletters + 1 });
    });
  });

  /** Path ids that are not a member's id: junk, near-uuids, unknown uuids, the caller's own id. */
  const oddId = fc.oneof(
    nastyString.filter((s) => s.length > 0 && s.length < 2_000).map(pathSegment),
    fc.uuid().map((u) => u),
    fc.uuid().map((u) => `${u}x`),
    fc.uuid().map((u) => u.replace(/-/g, '')),
    fc.uuid().map((u) => `{${u}}`),
    fc.constantFrom(
      '00000000-0000-0000-0000-000000000000',
      'SELF',
      '%00',
      '%ZZ',
      '%ED%A0%80',
      '%C0%AF',
      '..%2F..%2Fetc%2Fpasswd',
      '1',
      '-1',
      'null',
      '%20',
    ),
  );

  it('POST /api/friends/request/{odd id}: always a 4xx, never a friendship', async () => {
    await property(
      oddId.map((s) => (s === 'SELF' ? member.user.id : s)),
      async (id) => {
        const before = await counts();
        const res = await t.injectAs(member.token, { method: 'POST', url: `/api/friends/request/${id}` });
        expectErrorBody(res);
        expect(await counts()).toEqual(before);
      },
    );
  });

  it('PUT /api/friends/accept/{odd id} and DELETE /api/friends/{odd id}: always a 4xx, nothing changes', async () => {
    await property(oddId, async (raw) => {
      const id = raw === 'SELF' ? member.user.id : raw;
      const before = await counts();
      for (const [method, url] of [
        ['PUT', `/api/friends/accept/${id || 'x'}`],
        ['DELETE', `/api/friends/${id || 'x'}`],
      ] as const) {
        expectErrorBody(await t.injectAs(member.token, { method, url }));
      }
      expect(await counts()).toEqual(before);
    });
  });

  it('GET /api/movies/search/{query}: a list or a 4xx, never a 5xx, nothing changes', async () => {
    const query = fc.oneof(
      nastyString.filter((s) => s.length < 3_000).map(pathSegment),
      fc.constantFrom('%ZZ', '%ED%A0%80', '%C0%AF', '%00', '%25', '%27%20OR%201%3D1', '%3Cscript%3E'),
    );
    await property(query, async (q) => {
      const before = await counts();
      const res = await t.injectAs(member.token, { method: 'GET', url: `/api/movies/search/${q || '%20'}` });
      never5xx(res);
      if (res.statusCode >= 400) expectErrorBody(res);
      else expect(res.json()).toMatchObject({ success: true, data: expect.any(Array) });
      expect(await counts()).toEqual(before);
    });
  });

  it('query strings of the wrong kind are a 4xx, never a 5xx', async () => {
    const value = fc.oneof(
      nastyString.filter((s) => s.length < 2_000).map(pathSegment),
      fc.constantFrom('-1', '0', '1e309', '99999999999999999999', 'NaN', '1.5', '%ZZ', 'a&page=2&page=3'),
    );
    const urls = [
      (v: string) => `/api/movies?page=${v}`,
      (v: string) => `/api/movies?status=${v}`,
      (v: string) => `/api/friends/people?q=${v}&limit=${v}`,
      (v: string) => `/api/newsletters/latest?limit=${v}`,
      (v: string) => `/api/admin/comments?status=${v}`,
      (v: string) => `/api/user/all?sort=${v}&q=${v}`,
    ];
    await property(fc.tuple(value, fc.constantFrom(...urls)), async ([v, url]) => {
      const res = await t.injectAs(admin.token, { method: 'GET', url: url(v) });
      never5xx(res);
      if (res.statusCode >= 400) expectErrorBody(res);
    });
  });

  it('U+0000 in any text that reaches the database is a 400, not a 500 (regression)', async () => {
    const nul = 'a\u0000b';
    const before = await counts();
    const movieBefore = await movieRow(movieId);
    // Each with the field that holds it named, as any bad field is.
    const cases: [FactoryUser | null, 'GET' | 'POST' | 'PUT', string, object | undefined, string][] = [
      [member, 'POST', '/api/movies', { title: nul }, 'title'],
      [member, 'PUT', `/api/movies/${movieId}`, { director: nul }, 'director'],
      [member, 'POST', `/api/movies/${movieId}/comments`, { text: nul }, 'text'],
      [admin, 'POST', '/api/newsletters/admin/create', { title: 'x', content: nul }, 'content'],
      [null, 'POST', '/api/auth/login', { username: nul, password: 'x' }, 'username'],
      [null, 'POST', '/api/auth/forgot-password', { email: nul }, 'email'],
      [member, 'GET', '/api/movies/search/a%00b', undefined, 'query'],
      [member, 'GET', '/api/friends/people?q=a%00b', undefined, 'q'],
      [null, 'GET', '/api/user/profile/username/a%00b', undefined, 'username'],
      [admin, 'GET', '/api/user/all?q=a%00b', undefined, 'q'],
    ];
    for (const [who, method, url, payload, field] of cases) {
      const opts = { method, url, ...(payload ? { payload } : {}) };
      const res = who ? await t.injectAs(who.token, opts) : await t.inject(opts);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expectErrorBody(res);
      expect(res.json().fields, `${method} ${url}`).toEqual({ [field]: msg.common.unstorableText });
    }
    expect(await counts()).toEqual(before);
    expect(await movieRow(movieId)).toEqual(movieBefore);
  });

  it('a JSON body nested past any of ours is a 400, never a 500 (regression: the walks over it ran out of stack)', async () => {
    const nested = (depth: number) => `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const before = await counts();
    // Where the old walks ran out of stack moved with the JIT's state (4,500 to 9,500 levels):
    // every depth up to where JSON.parse itself gives up is tried.
    for (let depth = 100; depth <= 8_000; depth += depth < 1_000 ? 900 : 500) {
      for (const [who, url] of [
        [null, '/api/auth/login'],
        [null, '/api/auth/forgot-password'],
        [member, '/api/movies'],
      ] as const) {
        const opts = { method: 'POST' as const, url, headers: json, payload: nested(depth) };
        const res = who ? await t.injectAs(who.token, opts) : await t.inject(opts);
        expect(res.statusCode, `${url} at ${depth}`).toBe(400);
        expect(res.json(), `${url} at ${depth}`).toEqual({
          success: false,
          error: msg.common.tooDeep,
          code: 'BAD_REQUEST',
        });
      }
    }
    // Within the limit, the body goes on to validation as any other.
    const shallow = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: json,
      payload: nested(10),
    });
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().code).toBe('VALIDATION');
    expect(await counts()).toEqual(before);
  });

  it('stores a lone surrogate as U+FFFD and keeps the rest of the text (regression: PGlite cut the tail)', async () => {
    const post = (raw: string) =>
      t.injectAs(member.token, {
        method: 'POST',
        url: `/api/movies/${movieId}/comments`,
        headers: json,
        payload: `{"text":"${raw}"}`,
      });
    const kept = await post('İ\\udc00abc');
    expect(kept.statusCode).toBe(201);
    const [row] = await db()
      .select()
      .from(comments)
      .where(eq(comments.id, (kept.json() as { id: string }).id));
    expect(row?.text).toBe('İ\ufffdabc');
    const before = await counts();
    const nul = await post('İ\\udc00\\u0000');
    expect(nul.statusCode).toBe(400);
    expectErrorBody(nul);
    expect(await counts()).toEqual(before);
  });

  it('leaves Object.prototype and Array.prototype as they were', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNamesBefore);
    const probe = {} as Record<string, unknown>;
    for (const k of ['polluted', 'isAdmin', 'prototype']) {
      expect(probe[k]).toBeUndefined();
      expect(([] as unknown as Record<string, unknown>)[k]).toBeUndefined();
    }
  });
});
