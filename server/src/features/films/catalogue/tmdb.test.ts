import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { films } from '../../../db/schema/index';
import { msg } from '../../../lib/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createFilm } from '../../../test/factories/film';
import { createUser, type FactoryUser } from '../../../test/factories/user';

/**
 * A local stand-in for TMDB's API v3 on 127.0.0.1, answering with the shapes its reference
 * documents (https://developer.themoviedb.org/reference): /configuration, /search/movie and
 * /movie/{id}?append_to_response=credits, 401 without the key and 404 for an unknown movie.
 */
const V3_KEY = '0123456789abcdef0123456789abcdef';
const V4_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl';
const INCEPTION = {
  adult: false,
  id: 27205,
  imdb_id: 'tt1375666',
  title: 'Inception',
  original_title: 'Inception',
  original_language: 'en',
  release_date: '2010-07-15',
  runtime: 148,
  overview: 'Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets…',
  poster_path: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
  genres: [
    { id: 28, name: 'Action' },
    { id: 878, name: 'Science Fiction' },
    { id: 12, name: 'Adventure' },
  ],
  credits: {
    cast: [{ id: 6193, name: 'Leonardo DiCaprio', character: 'Dom Cobb' }],
    crew: [
      { id: 525, name: 'Christopher Nolan', job: 'Director', department: 'Directing' },
      { id: 525, name: 'Christopher Nolan', job: 'Writer', department: 'Writing' },
      { id: 556, name: 'Emma Thomas', job: 'Producer', department: 'Production' },
    ],
  },
};
const NABAT = {
  id: 301502,
  imdb_id: null,
  title: 'Nabat',
  original_title: 'Nabat',
  release_date: '2014-10-03',
  runtime: 105,
  overview: '',
  poster_path: null,
  genres: [{ id: 18, name: 'Drama' }],
  credits: { crew: [{ id: 1, name: 'Elçin Musaoğlu', job: 'Director' }] },
};
const searchHit = (m: typeof INCEPTION | typeof NABAT) => ({
  adult: false,
  id: m.id,
  title: m.title,
  original_title: m.original_title,
  release_date: m.release_date,
  overview: m.overview,
  poster_path: m.poster_path,
  genre_ids: m.genres.map((g) => g.id),
});

let tmdb: Server;
let tmdbUrl: string;
let down = false;
const seen: IncomingMessage[] = [];

function answer(req: IncomingMessage): [number, unknown] {
  const url = new URL(req.url ?? '/', 'http://tmdb.local');
  const authorised = url.searchParams.get('api_key') === V3_KEY || req.headers.authorization === `Bearer ${V4_TOKEN}`;
  if (!authorised)
    return [
      401,
      { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false },
    ];
  if (url.pathname === '/3/configuration') {
    return [
      200,
      {
        images: {
          base_url: 'http://image.tmdb.org/t/p/',
          secure_base_url: 'https://image.tmdb.org/t/p/',
          poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
        },
      },
    ];
  }
  if (url.pathname === '/3/search/movie') {
    const q = (url.searchParams.get('query') ?? '').toLowerCase();
    const results = [INCEPTION, NABAT].filter((m) => m.title.toLowerCase().includes(q)).map(searchHit);
    return [200, { page: 1, results, total_pages: 1, total_results: results.length }];
  }
  const movie = [INCEPTION, NABAT].find((m) => url.pathname === `/3/movie/${m.id}`);
  if (movie && url.searchParams.get('append_to_response') === 'credits') return [200, movie];
  return [404, { status_code: 34, status_message: 'The resource you requested could not be found.', success: false }];
}

let t: TestApp;
let off: TestApp;
let member: FactoryUser;
beforeAll(async () => {
  tmdb = createServer((req, res) => {
    seen.push(req);
    const [status, body] = down ? [500, { status_code: 11, status_message: 'Internal error' }] : answer(req);
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));
  });
  tmdb.listen(0, '127.0.0.1');
  await once(tmdb, 'listening');
  tmdbUrl = `http://127.0.0.1:${(tmdb.address() as AddressInfo).port}/3`;
  t = await buildTestApp({ TMDB_API_KEY: V3_KEY, TMDB_API_URL: tmdbUrl });
  off = await buildTestApp();
  member = await createUser(t.app);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
  tmdb.close();
});
beforeEach(async () => {
  down = false;
  seen.length = 0;
  await t.app.database.db.delete(films);
});

const searchTmdb = (app: TestApp, who: FactoryUser | null, q: string) => {
  const opts = { method: 'GET' as const, url: `/api/films/tmdb/search?q=${encodeURIComponent(q)}` };
  return who ? app.injectAs(who.token, opts) : app.inject(opts);
};
const importTmdb = (app: TestApp, who: FactoryUser, id: number) =>
  app.injectAs(who.token, { method: 'POST', url: `/api/films/tmdb/${id}` });

describe('TMDB, with TMDB_API_KEY', () => {
  it("searches TMDB with the key, posters on TMDB's https image base", async () => {
    const res = await searchTmdb(t, member, 'incep');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          tmdb_id: 27205,
          title: 'Inception',
          original_title: null,
          year: 2010,
          overview: INCEPTION.overview,
          poster_url: 'https://image.tmdb.org/t/p/w500/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
          film_id: null,
        },
      ],
    });
    const search = seen.find((r) => r.url?.startsWith('/3/search/movie'));
    expect(new URL(search?.url ?? '', 'http://x').searchParams.get('query')).toBe('incep');
  });

  it('imports a film with its directors, mapped genres and poster, once', async () => {
    const first = await importTmdb(t, member, 27205);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      title: 'Inception',
      original_title: null,
      year: 2010,
      runtime: 148,
      directors: ['Christopher Nolan'],
      genres: ['Döyüş', 'Fantastika', 'Macəra'],
      imdb_id: 'tt1375666',
      tmdb_id: 27205,
      poster_url: 'https://image.tmdb.org/t/p/w500/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
      source: 'tmdb',
    });
    const again = await importTmdb(t, member, 27205);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.app.database.db.$count(films)).toBe(1);
    // The search now names the catalogue's film, and catalogue search finds it.
    expect((await searchTmdb(t, member, 'inception')).json().data[0].film_id).toBe(first.json().id);
    const catalogue = await t.inject({ method: 'GET', url: '/api/films/search?q=inception' });
    expect(catalogue.json().data.map((f: { id: string }) => f.id)).toEqual([first.json().id]);
  });

  it('fills the catalogue film of the same title and year instead of doubling it, keeping its own facts', async () => {
    const bundled = await createFilm(t.app, { title: 'Inception', year: 2010, directors: ['C. Nolan'], runtime: 150 });
    const res = await importTmdb(t, member, 27205);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: bundled.id,
      tmdb_id: 27205,
      imdb_id: 'tt1375666',
      directors: ['C. Nolan'],
      runtime: 150,
      genres: ['Döyüş', 'Fantastika', 'Macəra'],
      poster_url: 'https://image.tmdb.org/t/p/w500/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
      source: 'catalogue',
    });
    expect(await t.app.database.db.$count(films)).toBe(1);
  });

  it('imports a film without poster or IMDb id', async () => {
    const res = await importTmdb(t, member, 301502);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Nabat',
      poster_url: null,
      imdb_id: null,
      overview: null,
      genres: ['Dram'],
      directors: ['Elçin Musaoğlu'],
    });
  });

  it('two members importing one film at once make one film', async () => {
    const other = await createUser(t.app);
    const [a, b] = await Promise.all([importTmdb(t, member, 27205), importTmdb(t, other, 27205)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const rows = await t.app.database.db.select().from(films).where(eq(films.tmdbId, 27205));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a film TMDB does not have, 503 while TMDB fails, 400 for a bad query or id, 401 for visitors', async () => {
    const unknown = await importTmdb(t, member, 999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: msg.films.tmdbNotFound });
    down = true;
    const failing = await searchTmdb(t, member, 'inception');
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({ success: false, error: msg.films.tmdbDown, code: 'UNAVAILABLE' });
    expect((await importTmdb(t, member, 27205)).statusCode).toBe(503);
    expect(await t.app.database.db.$count(films)).toBe(0);
    down = false;
    expect((await searchTmdb(t, member, '   ')).statusCode).toBe(400);
    expect((await searchTmdb(t, member, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await t.injectAs(member.token, { method: 'POST', url: '/api/films/tmdb/abc' })).statusCode).toBe(400);
    expect((await searchTmdb(t, null, 'inception')).statusCode).toBe(401);
  });

  it('sends a v4 read access token as a bearer token', async () => {
    const v4 = await buildTestApp({ TMDB_API_KEY: V4_TOKEN, TMDB_API_URL: tmdbUrl });
    try {
      const res = await searchTmdb(v4, await createUser(v4.app), 'nabat');
      expect(res.json().data.map((c: { title: string }) => c.title)).toEqual(['Nabat']);
      expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${V4_TOKEN}`);
    } finally {
      await v4.close();
    }
  });
});

describe('TMDB, without TMDB_API_KEY', () => {
  it('answers 404 with a text saying TMDB is not set up, and asks nothing of anyone', async () => {
    const who = await createUser(off.app);
    for (const res of [await searchTmdb(off, who, 'inception'), await importTmdb(off, who, 27205)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: msg.films.tmdbOff });
    }
    expect(seen).toEqual([]);
  });
});
