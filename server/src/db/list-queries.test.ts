import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createAdmin, createUser, type FactoryUser } from '../test/factories/user';
import {
  comments,
  films as filmsTable,
  friendships,
  movies,
  newsletterReads,
  newsletters,
  users,
} from './schema/index';

// No N+1 queries: each list endpoint issues as many statements for a page of 50
// (20 for /latest, its maximum) as for a page of 1, on 60 rows of data.

const ROWS = 60;
let t: TestApp;
let me: FactoryUser;
let admin: FactoryUser;
let movieId: string;

/** Inserts n users named <prefix>_<i>, returning their ids. */
async function insertUsers(prefix: string, n: number): Promise<string[]> {
  const rows = await t.app.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        username: `${prefix}_${i}`,
        email: `${prefix}_${i}@example.com`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.database.db;
  admin = await createAdmin(t.app);
  me = await createUser(t.app, { username: 'counter' });
  const friends = await insertUsers('peer_friend', ROWS);
  const incoming = await insertUsers('peer_in', ROWS);
  const outgoing = await insertUsers('peer_out', ROWS);
  await db.insert(friendships).values([
    ...friends.map((id) => ({
      requesterId: me.user.id,
      addresseeId: id,
      status: 'accepted' as const,
      acceptedAt: new Date(),
    })),
    ...incoming.map((id) => ({ requesterId: id, addresseeId: me.user.id })),
    ...outgoing.map((id) => ({ requesterId: me.user.id, addresseeId: id })),
  ]);
  const catalogue = await db
    .insert(filmsTable)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        title: `Matrix ${i}`,
        directors: ['Wachowski'],
        genres: ['Fantastika', 'Döyüş'],
        source: 'catalogue' as const,
      })),
    )
    .returning({ id: filmsTable.id });
  const films = await db
    .insert(movies)
    .values(
      catalogue.map((film, i) => ({
        ownerId: me.user.id,
        filmId: film.id,
        status: i % 2 ? ('watched' as const) : ('watchlist' as const),
        rating: (i % 10) + 1,
      })),
    )
    .returning({ id: movies.id, filmId: movies.filmId });
  movieId = films[0]?.id as string;
  const filmId = films[0]?.filmId as string;
  // Approved comments by many authors (public list) and pending ones (moderation list).
  await db
    .insert(comments)
    .values([
      ...friends.map((authorId, i) => ({ filmId, movieId, authorId, text: `Şərh ${i}`, status: 'approved' as const })),
      ...incoming.map((authorId, i) => ({ filmId, movieId, authorId, text: `Gözləyən ${i}` })),
    ]);
  const news = await db
    .insert(newsletters)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({ title: `Yenilik ${i}`, content: 'Mətn', authorId: admin.user.id })),
    )
    .returning({ id: newsletters.id });
  await db
    .insert(newsletterReads)
    .values(news.filter((_, i) => i % 2).map((n) => ({ newsletterId: n.id, userId: me.user.id })));
});
afterAll(() => t.close());

/** The statements one request issues, and its page. */
async function countQueries(token: string, url: string): Promise<{ statements: number; items: number }> {
  const observe = t.app.database.observeQueries;
  if (!observe) throw new Error('the database has no query hook');
  // Counts the database's work, not the response cache's (its own test is below).
  t.app.responseCache?.clear();
  let statements = 0;
  const stop = observe(() => statements++);
  try {
    const res = await t.injectAs(token, { method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return { statements, items: (res.json().data as unknown[]).length };
  } finally {
    stop();
  }
}

const endpoints: { name: string; url: (limit: number) => string; as: 'me' | 'admin'; max?: number }[] = [
  { name: 'own movies', url: (n) => `/api/movies?limit=${n}`, as: 'me' },
  { name: 'movie search', url: (n) => `/api/movies/search/matrix?limit=${n}`, as: 'me' },
  { name: 'public profile movies', url: (n) => `/api/movies/user/${me.user.id}?limit=${n}`, as: 'admin' },
  { name: 'comments of a movie', url: (n) => `/api/movies/${movieId}/comments?limit=${n}`, as: 'me' },
  { name: 'moderation list', url: (n) => `/api/admin/comments?limit=${n}`, as: 'admin' },
  { name: 'friends', url: (n) => `/api/friends?limit=${n}`, as: 'me' },
  { name: 'incoming requests', url: (n) => `/api/friends/requests/incoming?limit=${n}`, as: 'me' },
  { name: 'outgoing requests', url: (n) => `/api/friends/requests/outgoing?limit=${n}`, as: 'me' },
  { name: 'people search', url: (n) => `/api/friends/people?q=peer&limit=${n}`, as: 'me' },
  { name: 'newsletters', url: (n) => `/api/newsletters?limit=${n}`, as: 'me' },
  { name: 'latest newsletters', url: (n) => `/api/newsletters/latest?limit=${n}`, as: 'me', max: 20 },
  { name: 'admin newsletters', url: (n) => `/api/newsletters/admin/all?limit=${n}`, as: 'admin' },
  { name: 'admin users', url: (n) => `/api/user/all?limit=${n}`, as: 'admin' },
];

describe('list endpoints issue a bounded number of queries', () => {
  it.each(endpoints)('$name', async ({ url, as, max }) => {
    const token = as === 'me' ? me.token : admin.token;
    const big = max ?? 50;
    // Warms the signed-in user cache, so both counted requests find it alike.
    await countQueries(token, url(1));
    const one = await countQueries(token, url(1));
    const many = await countQueries(token, url(big));
    expect(one.items).toBe(1);
    expect(many.items).toBe(big);
    expect(many.statements, `statements for ${url(big)}`).toBe(one.statements);
    // A few statements at most: a page query, a count, perhaps a lookup.
    expect(one.statements).toBeGreaterThan(0);
    expect(one.statements).toBeLessThanOrEqual(4);
  });
});

describe('the response cache', () => {
  it('answers a repeated list request without a statement, with the same body', async () => {
    const url = '/api/movies?limit=5';
    await countQueries(me.token, url);
    const observe = t.app.database.observeQueries;
    if (!observe) throw new Error('the database has no query hook');
    let statements = 0;
    const stop = observe(() => statements++);
    try {
      const first = await t.injectAs(me.token, { method: 'GET', url });
      const again = await t.injectAs(me.token, { method: 'GET', url });
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(statements).toBe(0);
    } finally {
      stop();
    }
  });

  it('takes answers differing only in the _t cache buster for one', async () => {
    t.app.responseCache?.clear();
    await t.injectAs(me.token, { method: 'GET', url: '/api/newsletters/unread-count?_t=1' });
    const observe = t.app.database.observeQueries;
    if (!observe) throw new Error('the database has no query hook');
    let statements = 0;
    const stop = observe(() => statements++);
    try {
      for (const url of ['/api/newsletters/unread-count?_t=2', '/api/newsletters/unread-count']) {
        const res = await t.injectAs(me.token, { method: 'GET', url });
        expect(res.json()).toEqual({ success: true, count: ROWS / 2 });
      }
      expect(statements).toBe(0);
    } finally {
      stop();
    }
  });
});
