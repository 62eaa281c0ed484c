import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENRES } from '@kinodost/contracts/genres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { films, friendships } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { migrationsFolder } from '../../paths';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createMovie } from '../../test/factories/movie';
import { createUser } from '../../test/factories/user';
import { loadBundledCatalogue, readBundledCatalogue } from './catalogue/bundled';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createFilm(t.app, { title: 'Səhər', year: 1960, directors: ['Əlisəttar Atakişiyev'], genres: ['Dram'] });
  await createFilm(t.app, { title: 'The Godfather', year: 1972, directors: ['Francis Ford Coppola'] });
  await createFilm(t.app, { title: 'The Godfather Part II', year: 1974, directors: ['Francis Ford Coppola'] });
  await createFilm(t.app, { title: 'Interstellar', year: 2014, directors: ['Christopher Nolan'] });
  await createFilm(t.app, {
    title: 'Inception',
    originalTitle: 'Origin',
    year: 2010,
    directors: ['Christopher Nolan'],
  });
  for (let i = 1; i <= 12; i++) await createFilm(t.app, { title: `Nağıl ${i}`, year: 2000 + i });
});
afterAll(() => t.close());

const search = (q: string, extra = '') =>
  t.inject({ method: 'GET', url: `/api/films/search?q=${encodeURIComponent(q)}${extra}` });
const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((f) => f.title);

describe('GET /api/films/search', () => {
  it('finds a film by title, folded as movie search folds it, for visitors too', async () => {
    for (const q of ['Səhər', 'seher', 'SEHER', 'səhə']) expect(titles(await search(q)), q).toEqual(['Səhər']);
  });

  it('finds by director and original title, and forgives a typo', async () => {
    expect(titles(await search('nolan')).sort()).toEqual(['Inception', 'Interstellar']);
    expect(titles(await search('origin'))).toEqual(['Inception']);
    expect(titles(await search('atakisiyev'))).toEqual(['Səhər']);
    expect(titles(await search('interstelar'))).toEqual(['Interstellar']);
  });

  it('puts the film whose whole title is the query first, and answers the film shape with a score', async () => {
    const res = await search('the godfather');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['The Godfather', 'The Godfather Part II']);
    const [first] = res.json().data;
    expect(first).toMatchObject({
      title: 'The Godfather',
      original_title: null,
      year: 1972,
      directors: ['Francis Ford Coppola'],
      genres: [],
      runtime: null,
      poster_url: null,
      imdb_id: null,
      tmdb_id: null,
      source: 'catalogue',
    });
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeLessThanOrEqual(1);
  });

  it('of hits as close to a misspelt query, puts the title closest to it first', async () => {
    await createFilm(t.app, { title: 'Titanic', year: 1997 });
    await createFilm(t.app, { title: 'La femme de chambre du Titanic', year: 1998 });
    expect(titles(await search('titanik'))[0]).toBe('Titanic');
  });

  it('pages hits tied on their score by how close each title is to the query', async () => {
    for (const title of ['Zümrüd haqqında uzun bir hekayə', 'Bu da Zümrüd', 'Zümrüd Bir', 'Zümrüd'])
      await createFilm(t.app, { title, year: 2001 });
    // The whole title first; then three hits holding the word as typed (a tie), by title likeness.
    expect(titles(await search('zumrud', '&limit=2'))).toEqual(['Zümrüd', 'Zümrüd Bir']);
    expect(titles(await search('zumrud', '&limit=2&page=2'))).toEqual([
      'Bu da Zümrüd',
      'Zümrüd haqqında uzun bir hekayə',
    ]);
  });

  it('pages its hits with the total', async () => {
    const p1 = await search('nagil', '&limit=5');
    const p3 = await search('nagil', '&limit=5&page=3');
    expect(p1.json()).toMatchObject({ success: true, page: 1, limit: 5, total: 12 });
    expect(p1.json().data).toHaveLength(5);
    expect(p3.json().data).toHaveLength(2);
    const all = [...titles(p1), ...titles(await search('nagil', '&limit=5&page=2')), ...titles(p3)];
    expect(new Set(all).size).toBe(12);
  });

  it('signed in, says of each hit whether it is in the caller’s collection; a visitor’s hits say nothing of it', async () => {
    const me = await createUser(t.app, { username: 'search_owner' });
    const other = await createUser(t.app, { username: 'search_other' });
    const [godfather] = (await search('the godfather')).json().data;
    await createMovie(t.app, me.user.id, { filmId: godfather.id, status: 'watched' });
    await createMovie(t.app, other.user.id, { filmId: godfather.id, status: 'watchlist' });

    const held = (res: { json(): { data: { title: string; in_collection?: boolean }[] } }) =>
      res.json().data.map((f) => [f.title, f.in_collection]);
    const url = `/api/films/search?q=${encodeURIComponent('the godfather')}`;
    expect(held(await t.injectAs(me.token, { method: 'GET', url }))).toEqual([
      ['The Godfather', true],
      ['The Godfather Part II', false],
    ]);
    expect(held(await search('the godfather'))).toEqual([
      ['The Godfather', undefined],
      ['The Godfather Part II', undefined],
    ]);
    // A token that no longer holds answers as to a visitor, as the film page does.
    const stale = await t.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } });
    expect(stale.statusCode).toBe(200);
    expect(held(stale)[0]).toEqual(['The Godfather', undefined]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await search('zzzqqq')).json()).toMatchObject({ success: true, data: [], total: 0 });
  });

  it.each([
    ['no query', '/api/films/search'],
    ['an empty query', '/api/films/search?q='],
    ['a query of blanks', '/api/films/search?q=%20%20%20'],
    ['a query over 100 characters', `/api/films/search?q=${'a'.repeat(101)}`],
    ['a limit over 50', '/api/films/search?q=a&limit=51'],
    ['page 0', '/api/films/search?q=a&page=0'],
  ])('refuses %s with 400 and an Azerbaijani text', async (_what, url) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
    expect([msg.films.badQuery, msg.common.validation]).toContain(res.json().error);
  });
});

describe('GET /api/films/{id}', () => {
  it('answers the film', async () => {
    const film = await createFilm(t.app, { title: 'Nabat', year: 2014, runtime: 105, genres: ['Dram', 'Müharibə'] });
    const res = await t.inject({ method: 'GET', url: `/api/films/${film.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: film.id,
      title: 'Nabat',
      year: 2014,
      runtime: 105,
      genres: ['Dram', 'Müharibə'],
    });
  });

  it('answers 404 for an unknown film and 400 for a malformed id', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/api/films/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: msg.films.notFound, code: 'NOT_FOUND' });
    expect((await t.inject({ method: 'GET', url: '/api/films/42' })).statusCode).toBe(400);
  });
});

describe("GET /api/films/{id}: the film's page", () => {
  it('answers how members took the film; visitors get no mine or friends', async () => {
    const film = await createFilm(t.app, { title: 'Sayılan film', year: 2001 });
    const members = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app)));
    const [a, b, c, d] = members.map((m) => m.user.id) as [string, string, string, string];
    await createMovie(t.app, a, { filmId: film.id, status: 'watched', rating: 8 });
    await createMovie(t.app, b, { filmId: film.id, status: 'watched', rating: 9 });
    await createMovie(t.app, c, { filmId: film.id, status: 'watched', rating: 10 });
    await createMovie(t.app, d, { filmId: film.id, status: 'watchlist' });
    const res = await t.inject({ method: 'GET', url: `/api/films/${film.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: film.id,
      title: 'Sayılan film',
      stats: { watched: 3, watchlist: 1, rating_avg: 9, rating_count: 3 },
    });
    expect(res.json()).not.toHaveProperty('mine');
    expect(res.json()).not.toHaveProperty('friends');
    const unrated = await createFilm(t.app);
    expect((await t.inject({ method: 'GET', url: `/api/films/${unrated.id}` })).json().stats).toEqual({
      watched: 0,
      watchlist: 0,
      rating_avg: null,
      rating_count: 0,
    });
  });

  it("signed in, adds the caller's own entry and their friends' entries, no one else's", async () => {
    const film = await createFilm(t.app, { title: 'Dostların filmi' });
    const [me, friend, friendToo, stranger, pending] = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => createUser(t.app, { username: `film_page_${i}` })),
    );
    if (!me || !friend || !friendToo || !stranger || !pending) throw new Error('no users');
    await makeFriends(t.app, me.user.id, friend.user.id);
    await makeFriends(t.app, friendToo.user.id, me.user.id);
    const watchedAt = new Date('2026-03-04T05:06:07.000Z');
    await createMovie(t.app, friend.user.id, { filmId: film.id, status: 'watched', rating: 7, watchedAt });
    await createMovie(t.app, friendToo.user.id, { filmId: film.id, status: 'watchlist' });
    await createMovie(t.app, stranger.user.id, { filmId: film.id, status: 'watched', rating: 2 });
    // A request not yet accepted is no friendship.
    await t.app.database.db
      .insert(friendships)
      .values({ requesterId: pending.user.id, addresseeId: me.user.id, status: 'pending' });
    await createMovie(t.app, pending.user.id, { filmId: film.id, status: 'watchlist' });
    const page = async (who: typeof me) =>
      (await t.injectAs(who.token, { method: 'GET', url: `/api/films/${film.id}` })).json();

    const before = await page(me);
    expect(before.mine).toBeNull();
    expect(before.friends).toHaveLength(2);
    expect(before.friends).toEqual(
      expect.arrayContaining([
        {
          user: { id: friend.user.id, username: 'film_page_2', avatar_url: null },
          status: 'watched',
          rating: 7,
          watched_at: watchedAt.toISOString(),
        },
        {
          user: { id: friendToo.user.id, username: 'film_page_3', avatar_url: null },
          status: 'watchlist',
          rating: null,
          watched_at: null,
        },
      ]),
    );
    const mine = await t.injectAs(me.token, {
      method: 'POST',
      url: '/api/movies',
      payload: { film_id: film.id, status: 'watched', rating: 5 },
    });
    const after = await page(me);
    expect(after.mine).toMatchObject({ id: mine.json().id, film_id: film.id, rating: 5, owner: { id: me.user.id } });
    expect(after.stats).toMatchObject({ watched: 3, watchlist: 2, rating_count: 3, rating_avg: 4.7 });
    // Someone else sees their own entry, and none of the caller's friends.
    expect(await page(pending)).toMatchObject({ mine: { rating: null, status: 'watchlist' }, friends: [] });
  });
});

describe('the bundled catalogue', () => {
  it("is vega-datasets' films with Azerbaijani genres from the one list, each title and year once", async () => {
    const bundled = await readBundledCatalogue();
    expect(bundled.length).toBeGreaterThan(3000);
    for (const f of bundled) {
      for (const g of f.genres ?? []) expect(GENRES).toContain(g);
      expect(f.source).toBe('catalogue');
    }
    const keys = bundled.map((f) => `${f.title.toLowerCase()}|${f.year}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(bundled.some((f) => f.genres?.includes('Dram'))).toBe(true);
    expect(bundled.some((f) => (f.runtime ?? 0) > 0)).toBe(true);
    // The dataset's two-digit years put 1946's films in 2046; none is newer than the dataset (2011).
    expect(Math.max(...bundled.map((f) => f.year ?? 0))).toBe(2011);
    expect(bundled.find((f) => f.title === 'Duel in the Sun')?.year).toBe(1946);
    expect(bundled.find((f) => f.title === 'Gone with the Wind')?.year).toBe(1939);
    // Titles filed by their article read as titles.
    expect(bundled.find((f) => f.title === 'The Story of Bonnie and Clyde')).toBeDefined();
    expect(bundled.filter((f) => /, (The|A|An)$/.test(f.title))).toEqual([]);
    // Titles whose accents a misread code page turned into other letters read as written.
    expect(bundled.find((f) => f.year === 2001 && f.title.startsWith('Le Fabuleux destin'))?.title).toBe(
      "Le Fabuleux destin d'Amélie Poulain",
    );
    expect(bundled.find((f) => f.title === 'Per qualche dollaro in più')).toBeDefined();
    expect(bundled.filter((f) => /[ÈÍÛÙÎË˘‰‡·]/.test(f.title))).toEqual([]);
    // A title whose own characters are not such letters keeps them.
    expect(bundled.find((f) => f.title === 'Alien³')).toBeDefined();
    expect(bundled.find((f) => f.title === 'Ri¢hie Ri¢h')).toBeDefined();
  });

  it("migration 0026 mends the accents of the titles it already loaded, and only the bundled films'", async () => {
    const amelie = await createFilm(t.app, { title: "Le Fabuleux destin d'AmÈlie Poulain", year: 2001 });
    const memberLeon = await createFilm(t.app, { title: 'LÈon', year: 1994, source: 'member' });
    const file = path.join(migrationsFolder, '0026_bundled_catalogue_accents.sql');
    await t.app.database.db.execute(sql.raw(readFileSync(file, 'utf8')));
    const film = async (id: string) => (await t.inject({ method: 'GET', url: `/api/films/${id}` })).json();
    expect(await film(amelie.id)).toMatchObject({ title: "Le Fabuleux destin d'Amélie Poulain", year: 2001 });
    expect(await film(memberLeon.id)).toMatchObject({ title: 'LÈon' });
    // Searched as the title is written, folded as search folds it.
    const res = await t.inject({ method: 'GET', url: '/api/films/search?q=amelie%20poulain' });
    expect(titles(res)).toContain("Le Fabuleux destin d'Amélie Poulain");
  });

  it("migration 0023 mends the years and titles it already loaded, and only the bundled films'", async () => {
    const duel = await createFilm(t.app, { title: 'Duel in the Sun', year: 2046 });
    const secret = await createFilm(t.app, { title: 'Secret, The', year: 2007 });
    const imdbWings = await createFilm(t.app, { title: 'Wings', year: 2027, source: 'imdb', imdbId: 'tt9990023' });
    const memberOz = await createFilm(t.app, { title: 'The Wizard of Oz', year: 2039, source: 'member' });
    const owner = await createUser(t.app);
    const entry = await createMovie(t.app, owner.user.id, { filmId: duel.id });
    const file = path.join(migrationsFolder, '0023_bundled_catalogue_years.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await t.app.database.db.execute(sql.raw(statement));
    }
    const film = async (id: string) => (await t.inject({ method: 'GET', url: `/api/films/${id}` })).json();
    expect(await film(duel.id)).toMatchObject({ title: 'Duel in the Sun', year: 1946 });
    expect(await film(secret.id)).toMatchObject({ title: 'The Secret', year: 2007 });
    // Films from IMDb and members' own keep what they were given.
    expect(await film(imdbWings.id)).toMatchObject({ year: 2027 });
    expect(await film(memberOz.id)).toMatchObject({ year: 2039 });
    // Entries follow their film.
    expect((await t.inject({ method: 'GET', url: `/api/movies/${entry.id}` })).json().year).toBe(1946);
  });

  it('fills an empty catalogue once, at the first start, even when two starts race', async () => {
    const fresh = await buildTestApp({ CATALOGUE: 'bundled' });
    try {
      const count = async () => fresh.app.database.db.$count(films);
      const loaded = await count();
      expect(loaded).toBe((await readBundledCatalogue()).length);
      // Later starts (and a second process starting beside it) find it full.
      expect(
        await Promise.all([loadBundledCatalogue(fresh.app.database.db), loadBundledCatalogue(fresh.app.database.db)]),
      ).toEqual([0, 0]);
      expect(await count()).toBe(loaded);
      // Its films are searchable at once.
      const res = await fresh.inject({ method: 'GET', url: '/api/films/search?q=titanic' });
      expect(titles(res)).toContain('Titanic');
    } finally {
      await fresh.close();
    }
  });

  it('loads once when two loads start together on an empty catalogue', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.app.database.db;
      const added = await Promise.all([loadBundledCatalogue(db), loadBundledCatalogue(db)]);
      expect(added.filter((n) => n > 0)).toHaveLength(1);
      expect(await db.$count(films)).toBe(Math.max(...added));
    } finally {
      await fresh.close();
    }
  });

  it('fills a catalogue of member films only, leaving out the films those already are', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.app.database.db;
      // As after an upgrade: entries linked to member films, no imported film yet.
      const member = await createUser(fresh.app);
      const entry = await createMovie(fresh.app, member.user.id, { title: 'titanic', year: 1998 });
      const added = await loadBundledCatalogue(db);
      expect(added).toBe((await readBundledCatalogue()).length - 1);
      const titanics = await db.execute(sql`select id from films where title_key = 'titanic'`);
      expect((titanics as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([entry.filmId]);
      expect(await loadBundledCatalogue(db)).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('is skipped with CATALOGUE=none', async () => {
    const count = await t.app.database.db.execute(sql`select count(*)::int as n from films where source = 'catalogue'`);
    // Only the films this file made: the test app runs with CATALOGUE=none.
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeLessThan(100);
  });
});
