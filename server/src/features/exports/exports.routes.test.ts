import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, movies } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { makeFriends } from '../../test/factories/friendship';
import { createMovie } from '../../test/factories/movie';
import { createUser } from '../../test/factories/user';
import { collectionOf, fixture, importFile, letterboxdZip } from '../../test/imports';
import { csvField } from './export-writers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createFilm(t.app, { title: 'Nəsimi', year: 1973, directors: ['Həsən Seyidbəyli'], imdbId: 'tt0070438' });
  await createFilm(t.app, {
    title: '千と千尋の神隠し',
    year: 2001,
    imdbId: 'tt0245429',
    directors: ['Hayao Miyazaki'],
  });
  await createFilm(t.app, {
    title: 'Crouching Tiger, Hidden Dragon',
    year: 2000,
    directors: ['Ang Lee', 'Yuen Wo-ping'],
  });
  await createFilm(t.app, { title: 'Bir "Sakit" Gecə', year: 2010 });
  await createFilm(t.app, { title: 'Yarasa', year: 1995 });
});
afterAll(() => t.close());

const csvOf = async (token: string) => {
  const res = await t.injectAs(token, { method: 'GET', url: '/api/export/letterboxd.csv' });
  expect(res.statusCode).toBe(200);
  return { res, rows: parse(res.body) as string[][] };
};

describe('GET /api/export/letterboxd.csv', () => {
  it("writes Letterboxd's import columns, quoting commas and quotes, and names the download", async () => {
    const member = await createUser(t.app, { username: 'Aysəl' });
    await importFile(t, member.token, letterboxdZip(), 'lb.zip');
    const { res, rows } = await csvOf(member.token);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="kinodost-Ays_l-${day}.csv"; filename*=UTF-8''kinodost-Ays%C9%99l-${day}.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\n')[0]).toBe('Title,Year,Rating10,WatchedDate,imdbID,Directors');
    expect(res.body).toContain('"Crouching Tiger, Hidden Dragon",2000,1,2024-01-31,,"Ang Lee, Yuen Wo-ping"\n');
    expect(res.body).toContain('"Bir ""Sakit"" Gecə",2010,6,2024-02-02,,\n');
    expect(rows.slice(1).sort((a, b) => (a[0] as string).localeCompare(b[0] as string))).toEqual([
      ['Bir "Sakit" Gecə', '2010', '6', '2024-02-02', '', ''],
      ['Crouching Tiger, Hidden Dragon', '2000', '1', '2024-01-31', '', 'Ang Lee, Yuen Wo-ping'],
      ['Kataloqda olmayan film', '2020', '', '2024-02-10', '', ''],
      ['Nəsimi', '1973', '9', '2024-02-28', 'tt0070438', 'Həsən Seyidbəyli'],
      ['Ölü dənizin sirri', '', '', '', '', ''],
      ['Yarasa', '1995', '', '', '', ''],
      ['千と千尋の神隠し', '2001', '10', '2024-01-06', 'tt0245429', 'Hayao Miyazaki'],
    ]);
  });

  it('quotes a field only when it must', () => {
    expect([
      csvField('a'),
      csvField('a,b'),
      csvField('say "hi"'),
      csvField(' lead'),
      csvField('x\ny'),
      csvField(null),
    ]).toEqual(['a', '"a,b"', '"say ""hi"""', '" lead"', '"x\ny"', '']);
  });

  it('round trip: export, delete the entries, import the export: the same collection', async () => {
    const member = await createUser(t.app);
    await importFile(t, member.token, letterboxdZip(), 'lb.zip');
    await importFile(t, member.token, fixture('imdb-ratings.csv'), 'imdb.csv');
    const before = await collectionOf(t, member.user.id);
    expect(before).toHaveLength(9);
    const { res } = await csvOf(member.token);
    await t.app.database.db.delete(movies).where(eq(movies.ownerId, member.user.id));
    expect(await collectionOf(t, member.user.id)).toEqual([]);
    const job = await importFile(t, member.token, Buffer.from(res.body), `kinodost-${member.user.username}.csv`);
    expect(job).toMatchObject({ status: 'done', format: 'kinodost', added: 9, updated: 0 });
    expect(await collectionOf(t, member.user.id)).toEqual(before);
  });
});

describe('GET /api/export/kinodost.json', () => {
  it("holds the profile, entries, comments and friendships, and nobody else's", async () => {
    const member = await createUser(t.app, { username: 'kinosever' });
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await makeFriends(t.app, member.user.id, friend.user.id);
    const sent = await t.injectAs(friend.token, {
      method: 'POST',
      url: `/api/messages/${member.user.id}`,
      payload: { text: 'Bu filmə bax' },
    });
    expect(sent.statusCode).toBe(201);
    const mine = await createMovie(t.app, member.user.id, { title: 'Mənim filmim', status: 'watched', rating: 8 });
    await createMovie(t.app, stranger.user.id, { title: 'Başqasının filmi' });
    await t.app.database.db
      .insert(comments)
      .values({ filmId: mine.filmId, movieId: mine.id, authorId: member.user.id, text: 'Əla, "çox" gözəl' });
    const res = await t.injectAs(member.token, { method: 'GET', url: '/api/export/kinodost.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kinodost-kinosever-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const doc = res.json();
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'exported_at',
      'profile',
      'entries',
      'comments',
      'friends',
      'messages',
    ]);
    expect(doc.profile).toMatchObject({ id: member.user.id, username: 'kinosever', email: member.user.email });
    expect(doc.profile).not.toHaveProperty('passwordHash');
    expect(doc.entries).toEqual([
      expect.objectContaining({
        id: mine.id,
        title: 'Mənim filmim',
        status: 'watched',
        rating: 8,
        film_id: mine.filmId,
      }),
    ]);
    expect(doc.comments).toEqual([expect.objectContaining({ text: 'Əla, "çox" gözəl', film_title: 'Mənim filmim' })]);
    expect(doc.friends).toEqual([
      expect.objectContaining({ user_id: friend.user.id, username: friend.user.username, status: 'accepted' }),
    ]);
    expect(doc.messages).toEqual([
      expect.objectContaining({ id: sent.json().id, user_id: friend.user.id, from_me: false, text: 'Bu filmə bax' }),
    ]);
  });

  it('reads 1,234 entries made in one instant page by page (500 at a time), each once, in both formats', async () => {
    const member = await createUser(t.app);
    await t.app.database.db.execute(sql`
      with f as (
        insert into films (title, year, source, created_by)
        select 'Seriya ' || g, 1950 + g % 70, 'member', ${member.user.id}::uuid from generate_series(1, 1234) g
        returning id)
      insert into movies (owner_id, film_id, status, created_at)
      select ${member.user.id}::uuid, f.id, 'watchlist', '2024-05-01T10:00:00.123456Z' from f`);
    const pages: string[] = [];
    const stop = t.app.database.observeQueries?.((q) => {
      if (q.includes('from movies m join films f')) pages.push(q);
    });
    try {
      const { rows } = await csvOf(member.token);
      expect(rows).toHaveLength(1235);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1234);
      expect(pages).toHaveLength(3);
      const json = (await t.injectAs(member.token, { method: 'GET', url: '/api/export/kinodost.json' })).json();
      expect(new Set(json.entries.map((e: { id: string }) => e.id)).size).toBe(1234);
    } finally {
      stop?.();
    }
  });
});
