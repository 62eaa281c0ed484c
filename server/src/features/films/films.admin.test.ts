import { GENRES_MAX, OVERVIEW_MAX, TITLE_MAX } from '@kinodost/contracts/limits';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, films, messages, movies } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';
import { solidPng } from '../../test/images';

// The admins' catalogue routes (docs/catalogue.md "Admin: edit and merge").
let t: TestApp;
let admin: FactoryUser;
let member: FactoryUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  member = await createUser(t.app);
});
afterAll(() => t.close());

const as = (user: FactoryUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.injectAs(user.token, { method, url, ...(payload ? { payload } : {}) });
const visitor = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url, ...(payload ? { payload } : {}) });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const db = () => t.app.database.db;

describe('GET /api/admin/films', () => {
  it('lists the catalogue newest first, paged, and finds films by a query', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await createFilm(t.app, { title: `Siyahı filmi ${i}`, createdAt: new Date(Date.UTC(2090, 0, 1 + i)) }));
    }
    const page1 = await as(admin, 'GET', '/api/admin/films?limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ success: true, page: 1, limit: 2 });
    expect(page1.json().total).toBeGreaterThanOrEqual(3);
    expect(page1.json().data.map((f: { id: string }) => f.id)).toEqual([made[2]?.id, made[1]?.id]);
    const page2 = await as(admin, 'GET', '/api/admin/films?limit=2&page=2');
    expect(page2.json().data[0].id).toBe(made[0]?.id);

    const found = await as(admin, 'GET', `/api/admin/films?q=${encodeURIComponent('siyahi filmi 1')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data[0]).toMatchObject({ id: made[1]?.id, title: 'Siyahı filmi 1' });
  });

  it('is for admins: a member 403, a visitor 401', async () => {
    expect((await as(member, 'GET', '/api/admin/films')).statusCode).toBe(403);
    expect((await visitor('GET', '/api/admin/films')).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/films/{id}', () => {
  it("changes any film's facts, which its entries show at once (cached lists too)", async () => {
    const film = await createFilm(t.app, { title: 'Köhnə ad', year: 1990 });
    const owner = await createUser(t.app);
    const entry = await createMovie(t.app, owner.user.id, { filmId: film.id });
    expect((await as(owner, 'GET', '/api/movies/')).json().data[0].title).toBe('Köhnə ad');

    const res = await as(admin, 'PUT', `/api/admin/films/${film.id}`, {
      title: '  Yeni ad ',
      original_title: 'New name',
      year: 1991,
      directors: ['Rasim Ocaqov'],
      genres: ['Drama', 'Komediya'],
      runtime: 95,
      overview: 'Təsvir',
      poster_url: 'https://image.example.org/p.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: film.id,
      title: 'Yeni ad',
      original_title: 'New name',
      year: 1991,
      directors: ['Rasim Ocaqov'],
      genres: ['Dram', 'Komediya'],
      runtime: 95,
      overview: 'Təsvir',
      poster_url: 'https://image.example.org/p.jpg',
    });
    expect((await t.inject({ method: 'GET', url: `/api/movies/${entry.id}` })).json()).toMatchObject({
      title: 'Yeni ad',
      year: 1991,
      director: 'Rasim Ocaqov',
      genres: ['Dram', 'Komediya'],
      poster_url: 'https://image.example.org/p.jpg',
    });
    expect((await as(owner, 'GET', '/api/movies/')).json().data[0].title).toBe('Yeni ad');
  });

  it('refuses an unknown genre and a poster address that is not https, changing nothing', async () => {
    const film = await createFilm(t.app, { title: 'Toxunulmaz', genres: ['Dram'] });
    const genre = await as(admin, 'PUT', `/api/admin/films/${film.id}`, {
      title: 'X',
      genres: ['Dram', 'Kosmik opera'],
    });
    expect(genre.statusCode).toBe(400);
    expect(genre.json()).toMatchObject({ success: false, error: msg.films.unknownGenre });
    // The field's text is a sentence naming the genre, not the raw value.
    expect(genre.json().fields.genres).toMatch(/^".+" janrı kataloqun janr siyahısında yoxdur$/);
    for (const poster_url of ['http://image.example.org/p.jpg', 'javascript:alert(1)', '/uploads/posters/a.webp']) {
      const res = await as(admin, 'PUT', `/api/admin/films/${film.id}`, { poster_url });
      expect(res.statusCode, poster_url).toBe(400);
      expect(res.json().error).toBe(msg.films.posterHttps);
    }
    expect((await t.inject({ method: 'GET', url: `/api/films/${film.id}` })).json()).toMatchObject({
      title: 'Toxunulmaz',
      genres: ['Dram'],
      poster_url: null,
    });
  });

  it("holds a film's facts to the limits of a member's entry of it, in Azerbaijani", async () => {
    const film = await createFilm(t.app, { title: 'Ölçülü' });
    const refused: [object, Record<string, string>][] = [
      [{ overview: 'o'.repeat(OVERVIEW_MAX + 1) }, { overview: msg.fields.tooLong(2000) }],
      [{ original_title: 'o'.repeat(TITLE_MAX + 1) }, { original_title: msg.fields.tooLong(200) }],
      [{ genres: ['Dram', 'Komediya', 'Tarixi', 'Triller', 'Vestern', 'Musiqi'] }, { genres: msg.fields.invalid }],
    ];
    for (const [body, fields] of refused) {
      const res = await as(admin, 'PUT', `/api/admin/films/${film.id}`, body);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ error: msg.common.validation, fields });
    }
    const fits = await as(admin, 'PUT', `/api/admin/films/${film.id}`, {
      overview: 'o'.repeat(OVERVIEW_MAX),
      genres: ['Dram', 'Komediya', 'Tarixi', 'Triller', 'Vestern'],
    });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().genres).toHaveLength(GENRES_MAX);
  });

  it('a blank title: 400; an unknown film: 404; a member: 403; a visitor: 401', async () => {
    const film = await createFilm(t.app, { title: 'Qorunan' });
    const blank = await as(admin, 'PUT', `/api/admin/films/${film.id}`, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(msg.films.blankTitle);
    const unknown = await as(admin, 'PUT', `/api/admin/films/${UNKNOWN}`, { title: 'Y' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(msg.films.notFound);
    expect((await as(member, 'PUT', `/api/admin/films/${film.id}`, { title: 'Y' })).statusCode).toBe(403);
    expect((await visitor('PUT', `/api/admin/films/${film.id}`, { title: 'Y' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/films/${film.id}` })).json().title).toBe('Qorunan');
  });

  it('replacing an uploaded poster with an address deletes the uploaded file', async () => {
    const maker = await createUser(t.app);
    const { filmId } = await createMovie(t.app, maker.user.id, { title: 'Afişalı' });
    const form = new FormData();
    form.append('poster', new Blob([new Uint8Array(await solidPng(200, 300))], { type: 'image/png' }), 'p.png');
    const up = await t.injectAs(maker.token, {
      method: 'POST',
      url: `/api/films/${filmId}/poster`,
      payload: form as unknown as string,
    });
    const uploaded = up.json().poster_url as string;
    expect((await t.inject({ method: 'GET', url: uploaded })).statusCode).toBe(200);
    const res = await as(admin, 'PUT', `/api/admin/films/${filmId}`, { poster_url: 'https://image.example.org/q.jpg' });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: uploaded })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/films/{id}/merge', () => {
  it('moves entries and comments, keeps one entry of a member who held both, and deletes the merged film', async () => {
    const dup = await createFilm(t.app, {
      title: 'Qayınana',
      year: 1978,
      imdbId: 'tt0182010',
      overview: 'Köhnə təsvir',
      runtime: 80,
      source: 'imdb',
    });
    const kept = await createFilm(t.app, { title: 'Qayınana', year: 1978, genres: ['Komediya'] });
    const both = await createUser(t.app);
    const onlyDup = await createUser(t.app);
    const onlyKept = await createUser(t.app);
    // `both` rated the duplicate later than they added the kept film: that entry stays.
    const older = await createMovie(t.app, both.user.id, {
      filmId: kept.id,
      status: 'watchlist',
      updatedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const newer = await createMovie(t.app, both.user.id, {
      filmId: dup.id,
      status: 'watched',
      rating: 9,
      updatedAt: new Date('2024-06-01T00:00:00Z'),
    });
    const dupEntry = await createMovie(t.app, onlyDup.user.id, { filmId: dup.id, rating: 7, status: 'watched' });
    const keptEntry = await createMovie(t.app, onlyKept.user.id, { filmId: kept.id });
    const written = await db()
      .insert(comments)
      .values([
        { filmId: kept.id, movieId: older.id, authorId: both.user.id, text: 'Köhnə qeydim', status: 'approved' },
        { filmId: dup.id, movieId: newer.id, authorId: both.user.id, text: 'Yeni qeydim', status: 'approved' },
        { filmId: dup.id, movieId: dupEntry.id, authorId: onlyDup.user.id, text: 'Əla', status: 'approved' },
        { filmId: dup.id, movieId: null, authorId: onlyKept.user.id, text: 'Film səhifəsindən', status: 'pending' },
      ])
      .returning();
    // A recommendation of the duplicate (messages only need a sender and a recipient here).
    const [recommendation] = await db()
      .insert(messages)
      .values({ senderId: both.user.id, recipientId: onlyDup.user.id, filmId: dup.id })
      .returning();
    // The duplicate's owner's list is cached before the merge.
    expect((await as(onlyDup, 'GET', '/api/movies/')).json().data[0].film_id).toBe(dup.id);

    const res = await as(admin, 'POST', `/api/admin/films/${dup.id}/merge`, { into: kept.id });
    expect(res.statusCode).toBe(200);
    // The kept film keeps its own facts and takes what it lacked, the unique IMDb id too.
    expect(res.json()).toMatchObject({
      id: kept.id,
      title: 'Qayınana',
      genres: ['Komediya'],
      imdb_id: 'tt0182010',
      overview: 'Köhnə təsvir',
      runtime: 80,
    });
    expect((await t.inject({ method: 'GET', url: `/api/films/${dup.id}` })).statusCode).toBe(404);
    expect(await db().select().from(films).where(eq(films.id, dup.id))).toEqual([]);

    const entries = await db()
      .select()
      .from(movies)
      .where(inArray(movies.filmId, [dup.id, kept.id]));
    expect(entries.map((m) => m.id).sort()).toEqual([newer.id, dupEntry.id, keptEntry.id].sort());
    expect(entries.every((m) => m.filmId === kept.id && m.overview === 'Köhnə təsvir')).toBe(true);
    const bothEntries = entries.filter((m) => m.ownerId === both.user.id);
    expect(bothEntries).toMatchObject([{ id: newer.id, status: 'watched', rating: 9 }]);

    const moved = await db()
      .select()
      .from(comments)
      .where(
        inArray(
          comments.id,
          written.map((c) => c.id),
        ),
      );
    expect(moved).toHaveLength(4);
    expect(moved.every((c) => c.filmId === kept.id)).toBe(true);
    const byText = Object.fromEntries(moved.map((c) => [c.text, c.movieId]));
    // The comment on the dropped entry now names the entry its author kept.
    expect(byText).toEqual({
      'Köhnə qeydim': newer.id,
      'Yeni qeydim': newer.id,
      Əla: dupEntry.id,
      'Film səhifəsindən': null,
    });
    const page = await t.inject({ method: 'GET', url: `/api/films/${kept.id}/comments` });
    expect(
      page
        .json()
        .data.map((c: { text: string }) => c.text)
        .sort(),
    ).toEqual(['Köhnə qeydim', 'Yeni qeydim', 'Əla'].sort());
    expect((await t.inject({ method: 'GET', url: `/api/films/${kept.id}` })).json().stats).toMatchObject({
      watched: 2,
      watchlist: 1,
    });
    // The cached list dropped with the merge.
    expect((await as(onlyDup, 'GET', '/api/movies/')).json().data[0].film_id).toBe(kept.id);
    // The recommendation names the kept film instead of losing its card.
    const [after] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, (recommendation as { id: string }).id));
    expect(after?.filmId).toBe(kept.id);
  });

  it('both films with a TMDB id: the kept film keeps its own, and the merge still succeeds', async () => {
    const a = await createFilm(t.app, { title: 'Ulduz', tmdbId: 900001, posterUrl: 'https://image.example.org/a.jpg' });
    const b = await createFilm(t.app, { title: 'Ulduz', tmdbId: 900002 });
    const res = await as(admin, 'POST', `/api/admin/films/${a.id}/merge`, { into: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, tmdb_id: 900002, poster_url: 'https://image.example.org/a.jpg' });
  });

  it('into itself: 400; an unknown film either side: 404, nothing changed; a member: 403; a visitor: 401', async () => {
    const film = await createFilm(t.app, { title: 'Tək' });
    const owner = await createUser(t.app);
    await createMovie(t.app, owner.user.id, { filmId: film.id });
    const self = await as(admin, 'POST', `/api/admin/films/${film.id}/merge`, { into: film.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ success: false, error: msg.films.mergeSelf });
    for (const [id, into] of [
      [film.id, UNKNOWN],
      [UNKNOWN, film.id],
    ]) {
      const res = await as(admin, 'POST', `/api/admin/films/${id}/merge`, { into });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(msg.films.notFound);
    }
    expect((await as(member, 'POST', `/api/admin/films/${film.id}/merge`, { into: UNKNOWN })).statusCode).toBe(403);
    expect((await visitor('POST', `/api/admin/films/${film.id}/merge`, { into: UNKNOWN })).statusCode).toBe(401);
    expect((await db().select().from(movies).where(eq(movies.filmId, film.id))).length).toBe(1);
  });
});
