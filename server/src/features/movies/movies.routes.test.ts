import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';

let t: TestApp;
let alice: FactoryUser;
let bob: FactoryUser;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app, { username: 'alice_m' });
  bob = await createUser(t.app, { username: 'bob_m' });
});
afterAll(() => t.close());

const as = (who: FactoryUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(who.token, { method, url, ...(payload ? { payload } : {}) });
const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((m) => m.title);

describe('POST /api/movies', () => {
  it("adds a movie to the caller's collection with normalised fields", async () => {
    const res = await as(alice, 'POST', '/api/movies', {
      title: '  Nabat  ',
      year: 2014,
      genres: ['Drama', 'drama', ' Müharibə '],
      director: 'Elçin Musaoğlu',
      overview: '',
      rating: 9,
      status: 'watched',
    });
    expect(res.statusCode).toBe(201);
    const movie = res.json();
    expect(movie).toMatchObject({
      title: 'Nabat',
      year: 2014,
      genres: ['drama', 'Müharibə'],
      director: 'Elçin Musaoğlu',
      overview: null,
      poster_url: null,
      rating: 9,
      status: 'watched',
      owner: { id: alice.user.id, username: 'alice_m', avatar_url: null },
    });
    expect(movie.watched_at).not.toBeNull();
    expect(movie.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{}, 'title', msg.fields.required],
    [{ title: '   ' }, 'title', msg.movies.blankTitle],
    [{ title: 'x'.repeat(201) }, 'title', msg.fields.tooLong(200)],
    [{ title: 'A', year: 1500 }, 'year', msg.fields.invalid],
    [{ title: 'A', rating: 11 }, 'rating', msg.fields.invalid],
    [{ title: 'A', rating: '5' }, 'rating', msg.fields.type],
    [{ title: 'A', genres: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'genres', msg.fields.invalid],
    [{ title: 'A', overview: 'o'.repeat(2001) }, 'overview', msg.fields.tooLong(2000)],
    [{ title: 'A', status: 'seen' }, 'status', msg.fields.invalid],
    [{ title: 'A', poster_url: 'javascript:alert(1)' }, 'poster_url', msg.fields.invalid],
    [{ title: 'A', owner_id: 'x' }, 'owner_id', msg.fields.unknown],
  ])('refuses %j with 400 and a field error', async (payload, field, text) => {
    const res = await as(alice, 'POST', '/api/movies', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(text);
  });

  it('needs a token', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/movies', payload: { title: 'A' } })).statusCode).toBe(401);
  });
});

describe('GET /api/movies', () => {
  it("lists only the caller's movies, newest first, paged and filtered by status", async () => {
    const carol = await createUser(t.app);
    for (let i = 1; i <= 5; i++) {
      await createMovie(t.app, carol.user.id, {
        title: `Carol ${i}`,
        status: i % 2 ? 'watched' : 'watchlist',
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    await createMovie(t.app, bob.user.id, { title: 'Bob only' });
    const p1 = await as(carol, 'GET', '/api/movies?limit=2');
    expect(p1.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 5 });
    expect(titles(p1)).toEqual(['Carol 5', 'Carol 4']);
    expect(titles(await as(carol, 'GET', '/api/movies?limit=2&page=3'))).toEqual(['Carol 1']);
    const watched = await as(carol, 'GET', '/api/movies?status=watched');
    expect(titles(watched)).toEqual(['Carol 5', 'Carol 3', 'Carol 1']);
    expect((await as(carol, 'GET', '/api/movies?limit=0')).statusCode).toBe(400);
  });
});

describe("a list's owner", () => {
  it('is the member as they are now, on their own list and on the public one, after a rename', async () => {
    const erin = await createUser(t.app, { username: 'erin_m' });
    await createMovie(t.app, erin.user.id, { title: 'Erin 1' });
    const owners = async () => [
      (await as(erin, 'GET', '/api/movies')).json().data[0].owner,
      (await t.inject({ method: 'GET', url: `/api/movies/user/${erin.user.id}` })).json().data[0].owner,
    ];
    // Seen once, so both answers and the signed-in member are cached before the rename.
    expect(await owners()).toEqual([
      { id: erin.user.id, username: 'erin_m', avatar_url: null },
      { id: erin.user.id, username: 'erin_m', avatar_url: null },
    ]);
    expect((await as(erin, 'PUT', '/api/user/profile', { username: 'erin_renamed' })).statusCode).toBe(200);
    expect((await owners()).map((o) => o.username)).toEqual(['erin_renamed', 'erin_renamed']);
  });
});

describe('movie pages and public lists', () => {
  it('GET /api/movies/{id} is public; unknown ids 404, malformed 400', async () => {
    const movie = await createMovie(t.app, alice.user.id, { title: 'Public one' });
    const res = await t.inject({ method: 'GET', url: `/api/movies/${movie.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Public one', owner: { username: 'alice_m' } });
    const missing = await t.inject({ method: 'GET', url: '/api/movies/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(msg.movies.notFound);
    expect((await t.inject({ method: 'GET', url: '/api/movies/not-a-uuid' })).statusCode).toBe(400);
  });

  it("GET /api/movies/user/{id} lists a member's movies for their public profile", async () => {
    const dave = await createUser(t.app);
    await createMovie(t.app, dave.user.id, { title: 'Dave 1' });
    const res = await t.inject({ method: 'GET', url: `/api/movies/user/${dave.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Dave 1']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/movies/user/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});

describe('PUT and DELETE /api/movies/{id}', () => {
  it('only the owner (or an admin) changes or deletes; others get 404', async () => {
    const movie = await createMovie(t.app, alice.user.id, { title: 'Mine', status: 'watched', watchedAt: new Date() });
    const foreign = await as(bob, 'PUT', `/api/movies/${movie.id}`, { title: 'Hijacked' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(msg.movies.notFound);
    expect((await as(bob, 'DELETE', `/api/movies/${movie.id}`)).statusCode).toBe(404);

    const ok = await as(alice, 'PUT', `/api/movies/${movie.id}`, { title: 'Mine, renamed', status: 'watchlist' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Mine, renamed', status: 'watchlist', watched_at: null });
    expect((await as(alice, 'PUT', `/api/movies/${movie.id}`, {})).statusCode).toBe(400);

    const admin = await createAdmin(t.app);
    expect((await as(admin, 'PUT', `/api/movies/${movie.id}`, { rating: 3 })).json().rating).toBe(3);
    const del = await as(admin, 'DELETE', `/api/movies/${movie.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: msg.movies.deleted });
    expect((await as(alice, 'DELETE', `/api/movies/${movie.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/movies/search/{query}', () => {
  let searcher: FactoryUser;
  beforeAll(async () => {
    searcher = await createUser(t.app);
    const owner = await createUser(t.app, { username: 'search_owner' });
    for (const [title, director, genres] of [
      ['Səhər küləyi', 'Rasim Ocaqov', ['Drama']],
      ['İşıq dənizi', 'Vaqif Mustafayev', ['Komediya']],
      ['Inception', 'Christopher Nolan', ['Sci-Fi', 'Thriller']],
      ['Interstellar', 'Christopher Nolan', ['Sci-Fi']],
      ['The Godfather', 'Francis Ford Coppola', ['Crime']],
      ['100% Pure', 'Nobody', ['Documentary']],
    ] as const) {
      await createMovie(t.app, owner.user.id, { title, director, genres: [...genres] });
    }
  });
  const search = (q: string, extra = '') => as(searcher, 'GET', `/api/movies/search/${encodeURIComponent(q)}${extra}`);

  it.each([
    ['seher', 'Səhər küləyi'],
    ['SƏHƏR', 'Səhər küləyi'],
    ['ISIQ', 'İşıq dənizi'],
    ['isiq denizi', 'İşıq dənizi'],
    ['Inceptoin', 'Inception'],
    ['godfathr', 'The Godfather'],
    ['ocaqov', 'Səhər küləyi'],
    ['komediya', 'İşıq dənizi'],
  ])('%s finds %s first', async (query, expected) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    expect(titles(res)[0]).toBe(expected);
    expect(res.json().data[0].score).toBeGreaterThan(0);
  });

  it('matches a correctly spelt word as typed or as a prefix, never by its look-alikes', async () => {
    const owner = await createUser(t.app);
    await createMovie(t.app, owner.user.id, { title: 'Gandhi, My Father' });
    expect(titles(await search('godfather'))).toEqual(['The Godfather']);
    expect(titles(await search('godf'))).toEqual(['The Godfather']);
    // A title edited later is searchable by its new words (the word dictionary follows updates).
    const renamed = await createMovie(t.app, owner.user.id, { title: 'Köhnə ad' });
    await as(owner, 'PUT', `/api/movies/${renamed.id}`, { title: 'Qaranquşlar' });
    expect(titles(await search('qaranqslar'))).toEqual(['Qaranquşlar']);
  });

  it("ranks by relevance and searches every member's movies", async () => {
    const res = await search('nolan');
    expect(titles(res).sort()).toEqual(['Inception', 'Interstellar']);
    const exact = await search('interstellar');
    expect(titles(exact)[0]).toBe('Interstellar');
    expect(exact.json().data[0].owner.username).toBe('search_owner');
  });

  it('pages the hits', async () => {
    const p1 = await search('sci-fi', '?limit=1');
    expect(p1.json()).toMatchObject({ total: 2, limit: 1, page: 1 });
    const p2 = await search('sci-fi', '?limit=1&page=2');
    expect(p1.json().data[0].id).not.toBe(p2.json().data[0].id);
  });

  it('treats a hostile query as text', async () => {
    expect(titles(await search('100%'))).toEqual(['100% Pure']);
    // Wildcards and punctuation carry no letters to match: nothing, rather than everything.
    expect(titles(await search('%'))).toEqual([]);
    expect(titles(await search('_'))).toEqual([]);
    for (const q of ["'; drop table movies; --", '_', '\\', '<script>alert(1)</script>']) {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
    }
    expect(titles(await search('inception'))).toContain('Inception');
  });

  it('a broad query caps its total and lists the movies containing it, newest first', async () => {
    const owner = await createUser(t.app);
    await t.app.database.db.execute(
      sql`insert into movies (owner_id, title, created_at)
          select ${owner.user.id}::uuid, 'Qalaktika ' || g, now() - (g || ' minutes')::interval from generate_series(1, 1005) g`,
    );
    const res = await search('qalaktika', '?limit=3');
    expect(res.json()).toMatchObject({ total: 1000, limit: 3 });
    expect(titles(res)).toEqual(['Qalaktika 1', 'Qalaktika 2', 'Qalaktika 3']);
  });

  it('lists more hits than it ranks newest first, page by page, each with its owner and score', async () => {
    const owner = await createUser(t.app);
    await t.app.database.db.execute(
      // Stored in no order, so only sorting by age lists them by age.
      sql`insert into movies (owner_id, title, created_at)
          select ${owner.user.id}::uuid, 'Dumanlıq ' || g, now() - (g || ' minutes')::interval
          from generate_series(1, 320) g order by random()`,
    );
    const res = await search('dumanlıq', '?page=2&limit=20');
    expect(res.json()).toMatchObject({ total: 320, page: 2, limit: 20 });
    expect(titles(res)).toEqual(Array.from({ length: 20 }, (_, i) => `Dumanlıq ${21 + i}`));
    for (const movie of res.json().data) {
      expect(movie.owner).toEqual({ id: owner.user.id, username: owner.user.username, avatar_url: null });
      expect(movie.score).toBeGreaterThan(0);
    }
    const past = await search('dumanlıq', '?page=17&limit=20');
    expect(past.json()).toMatchObject({ total: 320, data: [] });
  });

  it('refuses an empty or too long query, and visitors', async () => {
    expect((await search('   ')).statusCode).toBe(400);
    expect((await search('x'.repeat(101))).json().error).toBe(msg.movies.badQuery);
    expect((await t.inject({ method: 'GET', url: '/api/movies/search/x' })).statusCode).toBe(401);
  });
});
