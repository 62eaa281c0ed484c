import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { films } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
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
      // Genres are the catalogue's Azerbaijani names (docs/catalogue.md "Genres").
      genres: ['Dram', 'Müharibə'],
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
    [{ title: '\u200b\u200b' }, 'title', msg.movies.blankTitle],
    [{ title: 'x'.repeat(201) }, 'title', msg.fields.tooLong(200)],
    [{ title: 'A', year: 1500 }, 'year', msg.fields.invalid],
    [{ title: 'A', rating: 11 }, 'rating', msg.fields.invalid],
    [{ title: 'A', rating: '5' }, 'rating', msg.fields.type],
    [{ title: 'A', genres: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'genres', msg.fields.invalid],
    // A genre the catalogue's list does not know is refused, not dropped.
    [{ title: 'A', genres: ['Dram', 'Blorp'] }, 'genres', msg.films.unknownGenre],
    [{ title: 'A', overview: 'o'.repeat(2001) }, 'overview', msg.fields.tooLong(2000)],
    [{ title: 'A', status: 'seen' }, 'status', msg.fields.invalid],
    [{ title: 'A', poster_url: 'javascript:alert(1)' }, 'poster_url', msg.fields.invalid],
    // http posters are blocked by the CSP (img-src https:): refused, not stored to show initials.
    [{ title: 'A', poster_url: 'http://example.com/p.jpg' }, 'poster_url', msg.fields.invalid],
    [{ title: 'A', owner_id: 'x' }, 'owner_id', msg.fields.unknown],
  ])('refuses %j with 400 and a field error', async (payload, field, text) => {
    const res = await as(alice, 'POST', '/api/movies', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(text);
  });

  it('needs a token', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/movies', payload: { title: 'A' } })).statusCode).toBe(401);
  });

  it.each([
    '0000-01-01T00:00:00Z', // PostgreSQL has no year 0
    '0001-06-15T00:00:00Z', // and would read year 1 as 2001
    '1869-12-31T23:59:59Z',
    '2101-01-01T00:00:00Z',
    '2016-12-31T23:59:60Z', // a leap second: valid RFC 3339, but no instant JavaScript holds
    '2023-02-30T12:00:00Z',
  ])('refuses watched_at %s with 400 and writes nothing, no member film either', async (watchedAt) => {
    const title = `Tarixsiz film ${watchedAt}`;
    for (const [method, url, payload] of [
      ['POST', '/api/movies', { title, status: 'watched', watched_at: watchedAt }],
      [
        'PUT',
        `/api/movies/${(await createMovie(t.app, alice.user.id)).id}`,
        { status: 'watched', watched_at: watchedAt },
      ],
    ] as const) {
      const res = await as(alice, method, url, payload);
      expect(res.statusCode, `${method} ${watchedAt}`).toBe(400);
      expect(res.json().fields).toEqual({ watched_at: msg.fields.date });
    }
    expect(msg.fields.date).toBe('Tarix 1870-2100-ci illər arasında düzgün bir tarix olmalıdır');
    expect(await t.app.database.db.select().from(films).where(eq(films.title, title))).toHaveLength(0);
  });

  it('keeps a watched_at at the edges of the years as sent', async () => {
    for (const watchedAt of ['1870-01-01T00:00:00.000Z', '2100-12-31T23:59:59.000Z']) {
      const res = await as(alice, 'POST', '/api/movies', {
        title: `Kənar ${watchedAt}`,
        status: 'watched',
        watched_at: watchedAt,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().watched_at).toBe(watchedAt);
    }
  });
});

describe('entries of catalogue films', () => {
  it('POST with film_id adds an entry whose facts are the film’s', async () => {
    const film = await createFilm(t.app, {
      title: 'Bağlı film',
      year: 1999,
      directors: ['Birinci Rejissor', 'İkinci'],
      genres: ['Dram', 'Tarixi'],
      overview: 'Haqqında',
      posterUrl: 'https://example.com/p.webp',
    });
    const res = await as(alice, 'POST', '/api/movies', { film_id: film.id, status: 'watched', rating: 7 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      film_id: film.id,
      title: 'Bağlı film',
      year: 1999,
      genres: ['Dram', 'Tarixi'],
      director: 'Birinci Rejissor',
      overview: 'Haqqında',
      poster_url: 'https://example.com/p.webp',
      rating: 7,
      status: 'watched',
      owner: { id: alice.user.id },
    });
    expect(res.json().watched_at).not.toBeNull();
    const listed = (await as(alice, 'GET', '/api/movies'))
      .json()
      .data.find((m: { id: string }) => m.id === res.json().id);
    expect(listed).toMatchObject({ film_id: film.id, title: 'Bağlı film' });
  });

  it('answers 404 for an unknown film, and 400 for a bad film body', async () => {
    const unknown = await as(alice, 'POST', '/api/movies', {
      film_id: '00000000-0000-4000-8000-000000000000',
      status: 'watchlist',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: msg.films.notFound, code: 'NOT_FOUND' });
    const film = await createFilm(t.app);
    for (const [payload, field, text] of [
      [{ film_id: 'nope', status: 'watched' }, 'film_id', msg.fields.invalid],
      [{ film_id: film.id }, 'status', msg.fields.required],
      [{ film_id: film.id, status: 'watched', title: 'Başqa ad' }, 'title', msg.fields.unknown],
      [{ film_id: film.id, status: 'watched', rating: 0 }, 'rating', msg.fields.invalid],
    ] as const) {
      const res = await as(alice, 'POST', '/api/movies', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(text);
    }
  });

  it('a member holds one entry per film: a second add answers 409, by film or by title, and when two race', async () => {
    const film = await createFilm(t.app, { title: 'Bir dəfə', year: 2001 });
    const carol = await createUser(t.app);
    expect((await as(carol, 'POST', '/api/movies', { film_id: film.id, status: 'watchlist' })).statusCode).toBe(201);
    for (const payload of [
      { film_id: film.id, status: 'watched' },
      { title: 'bir defe', year: 2002 },
    ]) {
      const again = await as(carol, 'POST', '/api/movies', payload);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, error: msg.movies.duplicate, code: 'CONFLICT' });
    }
    // Two adds at once: the unique index lets one in, the other is the same 409.
    const dan = await createUser(t.app);
    const raced = await Promise.all(
      [1, 2].map(() => as(dan, 'POST', '/api/movies', { film_id: film.id, status: 'watchlist' })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.statusCode === 409)?.json().error).toBe(msg.movies.duplicate);
    expect((await as(dan, 'GET', '/api/movies')).json().total).toBe(1);
  });

  it('POST by title links to the film of the same folded title and the closest year within one', async () => {
    const older = await createFilm(t.app, { title: 'Ulduz', year: 1964 });
    const newer = await createFilm(t.app, { title: 'Ulduz', year: 1966 });
    await createFilm(t.app, { title: 'Ulduz', year: 1970 });
    const link = async (title: string, year: number | null) =>
      (await as(await createUser(t.app), 'POST', '/api/movies', { title, ...(year ? { year } : {}) })).json();
    expect((await link('ULDUZ', 1964)).film_id).toBe(older.id);
    // 1965 is one year from both: the older film.
    expect((await link('ulduz', 1965)).film_id).toBe(older.id);
    expect((await link('Ulduz', 1967)).film_id).toBe(newer.id);
    const far = await link('Ulduz', 1980);
    expect([older.id, newer.id]).not.toContain(far.film_id);
    expect(far).toMatchObject({ title: 'Ulduz', year: 1980 });
    // A title without a year matches only a film without one.
    const yearless = await link('Ulduz', null);
    expect([older.id, newer.id, far.film_id]).not.toContain(yearless.film_id);
    expect((await link('ulduz', null)).film_id).toBe(yearless.film_id);
  });

  it('POST by title makes a member film from the body when none matches, which others then join', async () => {
    const maker = await createUser(t.app);
    const made = await as(maker, 'POST', '/api/movies', {
      title: 'Səhər yeli',
      year: 1960,
      genres: ['Drama', 'Romance'],
      director: 'Rejissor',
      status: 'watched',
      rating: 8,
    });
    expect(made.statusCode).toBe(201);
    const film = await t.inject({ method: 'GET', url: `/api/films/${made.json().film_id}` });
    expect(film.json()).toMatchObject({
      title: 'Səhər yeli',
      year: 1960,
      directors: ['Rejissor'],
      genres: ['Dram', 'Melodram'],
      source: 'member',
    });
    const joined = await as(bob, 'POST', '/api/movies', { title: 'seher yeli', year: 1961, director: 'Başqa' });
    expect(joined.json()).toMatchObject({ film_id: made.json().film_id, title: 'Səhər yeli', director: 'Rejissor' });
  });

  it('PUT changes the entry, and the film only for the member who made it', async () => {
    const maker = await createUser(t.app);
    const friend = await createUser(t.app);
    const mine = (await as(maker, 'POST', '/api/movies', { title: 'Öz filmim', year: 2020 })).json();
    const theirs = (await as(friend, 'POST', '/api/movies', { film_id: mine.film_id, status: 'watchlist' })).json();
    // The maker renames the film: every entry of it follows.
    const renamed = await as(maker, 'PUT', `/api/movies/${mine.id}`, {
      title: 'Öz filmim (2020)',
      genres: ['Western'],
    });
    expect(renamed.json()).toMatchObject({ title: 'Öz filmim (2020)', genres: ['Vestern'] });
    expect((await t.inject({ method: 'GET', url: `/api/movies/${theirs.id}` })).json()).toMatchObject({
      title: 'Öz filmim (2020)',
      genres: ['Vestern'],
    });
    // Anyone else may send the film's facts back unchanged (a whole form) with their own changes...
    const {
      id: _id,
      film_id: _f,
      owner: _o,
      created_at: _c,
      updated_at: _u,
      watched_at: _w,
      ...form
    } = (await t.inject({ method: 'GET', url: `/api/movies/${theirs.id}` })).json();
    const rated = await as(friend, 'PUT', `/api/movies/${theirs.id}`, { ...form, status: 'watched', rating: 6 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ status: 'watched', rating: 6, title: 'Öz filmim (2020)' });
    // ...but not change them.
    const refused = await as(friend, 'PUT', `/api/movies/${theirs.id}`, { title: 'Başqa ad' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(msg.movies.filmFactsLocked);
    const catalogue = await createFilm(t.app, { title: 'Kataloq filmi', year: 1990 });
    const entry = (await as(maker, 'POST', '/api/movies', { film_id: catalogue.id, status: 'watchlist' })).json();
    expect((await as(maker, 'PUT', `/api/movies/${entry.id}`, { year: 1991 })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/api/films/${catalogue.id}` })).json().year).toBe(1990);
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

  it("an admin's right stops at a collection hidden from them: 404, as its GET is, and nothing changes", async () => {
    const owner = await createUser(t.app);
    const movie = await createMovie(t.app, owner.user.id, { title: 'Gizli', status: 'watched', watchedAt: new Date() });
    const hide = await as(owner, 'PUT', '/api/user/profile', { visibility: 'private' });
    expect(hide.statusCode, hide.body).toBe(200);
    const admin = await createAdmin(t.app);
    expect((await as(admin, 'GET', `/api/movies/${movie.id}`)).statusCode).toBe(404);
    const put = await as(admin, 'PUT', `/api/movies/${movie.id}`, { rating: 1 });
    expect([put.statusCode, put.json().error]).toEqual([404, msg.movies.notFound]);
    expect((await as(admin, 'DELETE', `/api/movies/${movie.id}`)).statusCode).toBe(404);
    expect((await as(owner, 'GET', `/api/movies/${movie.id}`)).json()).toMatchObject({ title: 'Gizli', rating: null });
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
      sql`insert into films (title, source) select 'Qalaktika ' || g, 'catalogue' from generate_series(1, 1005) g`,
    );
    await t.app.database.db.execute(
      sql`insert into movies (owner_id, film_id, created_at)
          select ${owner.user.id}::uuid, f.id, now() - (g || ' minutes')::interval
          from generate_series(1, 1005) g join films f on f.title = 'Qalaktika ' || g`,
    );
    const res = await search('qalaktika', '?limit=3');
    expect(res.json()).toMatchObject({ total: 1000, limit: 3 });
    expect(titles(res)).toEqual(['Qalaktika 1', 'Qalaktika 2', 'Qalaktika 3']);
  });

  it('lists more hits than it ranks newest first, page by page, each with its owner and score', async () => {
    const owner = await createUser(t.app);
    await t.app.database.db.execute(
      sql`insert into films (title, source) select 'Dumanlıq ' || g, 'catalogue' from generate_series(1, 320) g`,
    );
    await t.app.database.db.execute(
      // Stored in no order, so only sorting by age lists them by age.
      sql`insert into movies (owner_id, film_id, created_at)
          select ${owner.user.id}::uuid, f.id, now() - (g || ' minutes')::interval
          from generate_series(1, 320) g join films f on f.title = 'Dumanlıq ' || g order by random()`,
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
    expect((await search('   ')).json().error).toBe(msg.movies.badQuery);
    expect((await search('x'.repeat(SEARCH_QUERY_MAX))).statusCode).toBe(200);
    // Characters, not UTF-16 units: a hundred emoji are a hundred.
    expect((await search('🎬'.repeat(SEARCH_QUERY_MAX))).statusCode).toBe(200);
    const tooLong = await search('x'.repeat(SEARCH_QUERY_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: msg.common.validation, fields: { query: msg.fields.tooLong(100) } });
    expect((await t.inject({ method: 'GET', url: '/api/movies/search/x' })).statusCode).toBe(401);
  });
});
