import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { films, importJobs, importUndo, movies } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser, type FactoryUser } from '../../test/factories/user';
import { collectionOf, fixture, importFile, letterboxdZip, upload, zipOf } from '../../test/imports';
import { connectSocket, listenUrl } from '../../test/socket-client';
import { IMPORT_CHECKS_AT_ONCE } from './import-checks';
import { letterboxdRating } from './import-files';

let t: TestApp;
/** The catalogue films the fixtures name. */
const cat = {} as Record<'nesimi' | 'spirited' | 'tiger' | 'sakit' | 'yarasa', string>;

beforeAll(async () => {
  t = await buildTestApp();
  cat.nesimi = (await createFilm(t.app, { title: 'Nəsimi', year: 1973, directors: ['Həsən Seyidbəyli'] })).id;
  cat.spirited = (await createFilm(t.app, { title: '千と千尋の神隠し', year: 2001, imdbId: 'tt0245429' })).id;
  cat.tiger = (await createFilm(t.app, { title: 'Crouching Tiger, Hidden Dragon', year: 2000 })).id;
  cat.sakit = (await createFilm(t.app, { title: 'Bir "Sakit" Gecə', year: 2010 })).id;
  cat.yarasa = (await createFilm(t.app, { title: 'Yarasa', year: 1995 })).id;
});
afterAll(() => t.close());

const filmCount = async () => (await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(films))[0]?.n;
const jobsOf = (userId: string) => t.app.database.db.select().from(importJobs).where(eq(importJobs.userId, userId));

/** What the fixture Letterboxd export holds, as the collection shows it. */
const LETTERBOXD_COLLECTION = [
  { title: 'Bir "Sakit" Gecə', year: 2010, status: 'watched', rating: 6, watched: '2024-02-02' },
  { title: 'Crouching Tiger, Hidden Dragon', year: 2000, status: 'watched', rating: 1, watched: '2024-01-31' },
  { title: 'Kataloqda olmayan film', year: 2020, status: 'watched', rating: null, watched: '2024-02-10' },
  { title: 'Nəsimi', year: 1973, status: 'watched', rating: 9, watched: '2024-02-28' },
  { title: 'Ölü dənizin sirri', year: null, status: 'watchlist', rating: null, watched: null },
  { title: 'Yarasa', year: 1995, status: 'watchlist', rating: null, watched: null },
  { title: '千と千尋の神隠し', year: 2001, status: 'watched', rating: 10, watched: '2024-01-06' },
];
const withoutFilm = (rows: Awaited<ReturnType<typeof collectionOf>>) => rows.map(({ filmId: _f, ...r }) => r);

describe('rating mapping', () => {
  it("Letterboxd's half stars become 1 to 10: stars times two, rounded up", () => {
    const got = ['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5', '0.3', '2.7', ''].map((r) =>
      letterboxdRating(r, 'ratings.csv', 2),
    );
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 6, null]);
  });

  it('a rating outside half a star to five stars is a clear error naming the line', () => {
    for (const bad of ['0', '5.5', '-1', 'beş']) {
      expect(() => letterboxdRating(bad, 'ratings.csv', 7)).toThrow(
        'ratings.csv faylında reytinq düzgün deyil (sətir 7)',
      );
    }
  });
});

describe('POST /api/import: a Letterboxd export', () => {
  let member: FactoryUser;
  beforeAll(async () => {
    member = await createUser(t.app);
  });

  it('imports the .zip: films matched by folded title and year, diary days, ratings, the watchlist', async () => {
    const res = await upload(t, member.token, letterboxdZip(), 'letterboxd-kinosever-2024-03-12-utc.zip');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(String), status: 'running' } });
    await t.settled();
    const job = (await t.injectAs(member.token, { method: 'GET', url: `/api/import/${res.json().data.id}` })).json();
    expect(job.data).toMatchObject({
      status: 'done',
      format: 'letterboxd',
      total: 7,
      done: 7,
      added: 7,
      updated: 0,
      skipped: 0,
    });
    expect(job.data.unmatched).toEqual([
      { title: 'Kataloqda olmayan film', year: 2020 },
      { title: 'Ölü dənizin sirri', year: null },
    ]);
    const rows = await collectionOf(t, member.user.id);
    expect(withoutFilm(rows)).toEqual(LETTERBOXD_COLLECTION);
    const filmOf = (title: string) => rows.find((r) => r.title === title)?.filmId;
    expect(filmOf('Nəsimi')).toBe(cat.nesimi);
    expect(filmOf('千と千尋の神隠し')).toBe(cat.spirited);
    expect(filmOf('Crouching Tiger, Hidden Dragon')).toBe(cat.tiger);
    expect(filmOf('Bir "Sakit" Gecə')).toBe(cat.sakit);
    expect(filmOf('Yarasa')).toBe(cat.yarasa);
    // The unmatched titles are member films the member made.
    const [made] = await t.app.database.db.select().from(films).where(eq(films.title, 'Kataloqda olmayan film'));
    expect(made).toMatchObject({ source: 'member', createdBy: member.user.id, year: 2020 });
    // Nothing is left to undo.
    expect(await t.app.database.db.select().from(importUndo)).toEqual([]);
  });

  it('importing the same file again adds nothing and changes nothing', async () => {
    const before = await collectionOf(t, member.user.id);
    const filmsBefore = await filmCount();
    const job = await importFile(t, member.token, letterboxdZip(), 'letterboxd.zip');
    expect(job).toMatchObject({ status: 'done', total: 7, added: 0, updated: 0, skipped: 7 });
    // Its member films were made and listed the first time: nothing is said to be added now.
    expect(job.unmatched).toEqual([]);
    expect(await collectionOf(t, member.user.id)).toEqual(before);
    expect(await filmCount()).toBe(filmsBefore);
  });

  it('reads each CSV of the export on its own; a watched.csv-shaped file named watchlist is the watchlist', async () => {
    const one = await createUser(t.app);
    const ratings = await importFile(t, one.token, fixture('letterboxd/ratings.csv'), 'ratings.csv');
    expect(ratings).toMatchObject({ status: 'done', format: 'letterboxd', added: 4 });
    const watchlist = await importFile(t, one.token, fixture('letterboxd/watchlist.csv'), 'watchlist.csv');
    expect(watchlist).toMatchObject({ status: 'done', added: 2 });
    const diary = await importFile(t, one.token, fixture('letterboxd/diary.csv'), 'diary.csv');
    // Ratings already there; the diary adds the days watched (Nəsimi's rewatch is the latest).
    expect(diary).toMatchObject({ status: 'done', total: 3, added: 0, updated: 3 });
    const reviews = await importFile(t, one.token, fixture('letterboxd/reviews.csv'), 'reviews.csv');
    expect(reviews).toMatchObject({ status: 'done', total: 1, skipped: 1 });
    const rows = withoutFilm(await collectionOf(t, one.user.id));
    expect(rows).toEqual([
      { title: 'Bir "Sakit" Gecə', year: 2010, status: 'watched', rating: 6, watched: null },
      { title: 'Crouching Tiger, Hidden Dragon', year: 2000, status: 'watched', rating: 1, watched: '2024-01-31' },
      { title: 'Nəsimi', year: 1973, status: 'watched', rating: 9, watched: '2024-02-28' },
      { title: 'Ölü dənizin sirri', year: null, status: 'watchlist', rating: null, watched: null },
      { title: 'Yarasa', year: 1995, status: 'watchlist', rating: null, watched: null },
      { title: '千と千尋の神隠し', year: 2001, status: 'watched', rating: 10, watched: '2024-01-06' },
    ]);
  });

  it("reads each of the export's files once: the root's, not a copy in a folder", async () => {
    const one = await createUser(t.app);
    const header = 'Date,Name,Year,Letterboxd URI\n';
    const zip = zipOf({
      'export/watched.csv': `${header}2024-01-01,Qovluqdakı film,2001,https://boxd.it/b\n`,
      'watched.csv': `${header}2024-01-01,Kökdəki film,2002,https://boxd.it/a\n`,
      'other/watched.csv': `${header}2024-01-01,Başqa qovluq,2003,https://boxd.it/c\n`,
    });
    expect(await importFile(t, one.token, zip, 'lb.zip')).toMatchObject({ status: 'done', total: 1, added: 1 });
    expect(withoutFilm(await collectionOf(t, one.user.id)).map((r) => r.title)).toEqual(['Kökdəki film']);
  });

  it('rows of one film not in the catalogue (a rewatch, the title in capitals) are one item: one member film, one entry', async () => {
    const one = await createUser(t.app);
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-01-05,Kataloqda olmayan təkrar,2015,https://boxd.it/r1,3,,,2024-01-04',
      '2024-03-01,Kataloqda olmayan təkrar,2015,https://boxd.it/r2,4,Yes,,2024-02-27',
      '2024-03-02,"Kataloqda olmayan TƏKRAR",2015,https://boxd.it/r3,,Yes,,2024-03-01',
    ].join('\n');
    const job = await importFile(t, one.token, Buffer.from(diary), 'diary.csv');
    expect(job).toMatchObject({ status: 'done', total: 1, added: 1, skipped: 0 });
    expect(job.unmatched).toEqual([{ title: 'Kataloqda olmayan təkrar', year: 2015 }]);
    const made = await t.app.database.db.select().from(films).where(eq(films.createdBy, one.user.id));
    expect(made).toHaveLength(1);
    const rows = await collectionOf(t, one.user.id);
    expect(withoutFilm(rows)).toEqual([
      { title: 'Kataloqda olmayan təkrar', year: 2015, status: 'watched', rating: 8, watched: '2024-03-01' },
    ]);
    expect(rows[0]?.filmId).toBe(made[0]?.id);
  });

  it("a watched date the calendar or the database cannot hold falls back to the diary's day, or to none", async () => {
    const one = await createUser(t.app);
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-01-05,Tarixsiz bir,2015,https://boxd.it/d1,3,,,0000-01-01',
      '2024-01-06,Tarixsiz iki,2015,https://boxd.it/d2,3,,,0001-06-15',
      '2024-01-07,Tarixsiz üç,2015,https://boxd.it/d3,3,,,2023-02-30',
      '2024-01-08,Tarixsiz dörd,2015,https://boxd.it/d4,3,,,2024-13-01',
      '0000-01-01,Tarixsiz beş,2015,https://boxd.it/d5,3,,,99999-01-01',
    ].join('\n');
    const job = await importFile(t, one.token, Buffer.from(diary), 'diary.csv');
    expect(job).toMatchObject({ status: 'done', total: 5, added: 5 });
    const watched = Object.fromEntries((await collectionOf(t, one.user.id)).map((r) => [r.title, r.watched]));
    expect(watched).toEqual({
      'Tarixsiz bir': '2024-01-05',
      'Tarixsiz iki': '2024-01-06',
      'Tarixsiz üç': '2024-01-07',
      'Tarixsiz dörd': '2024-01-08',
      'Tarixsiz beş': null,
    });
  });

  it("a watchlist row never takes back a film watched; a later rating replaces an entry's", async () => {
    const one = await createUser(t.app);
    await createMovie(t.app, one.user.id, { filmId: cat.yarasa, status: 'watched', rating: 3 });
    await createMovie(t.app, one.user.id, { filmId: cat.tiger, status: 'watched', rating: 7 });
    const job = await importFile(t, one.token, letterboxdZip(['watchlist.csv', 'ratings.csv']), 'lb.zip');
    expect(job).toMatchObject({ status: 'done', total: 6, added: 4, updated: 1, skipped: 1 });
    const rows = withoutFilm(await collectionOf(t, one.user.id));
    expect(rows.find((r) => r.title === 'Yarasa')).toMatchObject({ status: 'watched', rating: 3 });
    expect(rows.find((r) => r.title === 'Crouching Tiger, Hidden Dragon')).toMatchObject({ rating: 1 });
  });

  it('tells progress on the member’s sockets as import:progress {id, done, total}, ending with the status', async () => {
    const one = await createUser(t.app);
    const socket = await connectSocket(await listenUrl(t.app), one.token);
    try {
      const seen: { id: string; done: number; total: number; status?: string }[] = [];
      const ended = new Promise<void>((resolve) =>
        socket.on('import:progress', (p) => {
          seen.push(p);
          if (p.status) resolve();
        }),
      );
      const res = await upload(t, one.token, letterboxdZip(), 'lb.zip');
      await ended;
      const id = res.json().data.id;
      expect(seen.at(-1)).toEqual({ id, done: 7, total: 7, status: 'done' });
      expect(seen.every((p) => p.id === id && p.total === 7)).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('POST /api/import: an IMDb ratings export', () => {
  it('matches by imdb_id, then by title and year; series are skipped; unmatched rows become member films keeping the IMDb id', async () => {
    const member = await createUser(t.app);
    const job = await importFile(t, member.token, fixture('imdb-ratings.csv'), 'ratings.csv');
    expect(job).toMatchObject({ status: 'done', format: 'imdb', total: 4, added: 4, skipped: 1 });
    expect(job.unmatched).toEqual([
      { title: 'Qatarın "son" reysi', year: 2019 },
      { title: 'The Shawshank Redemption', year: 1994 },
    ]);
    const rows = await collectionOf(t, member.user.id);
    // Spirited Away by its IMDb id, though the catalogue names it in Japanese.
    expect(rows.find((r) => r.filmId === cat.spirited)).toMatchObject({ rating: 9, watched: '2023-06-01' });
    expect(rows.find((r) => r.filmId === cat.tiger)).toMatchObject({ rating: 8, watched: '2023-06-02' });
    const [made] = await t.app.database.db.select().from(films).where(eq(films.imdbId, 'tt9999991'));
    expect(made).toMatchObject({
      title: 'Qatarın "son" reysi',
      year: 2019,
      runtime: 95,
      genres: ['Dram'],
      directors: ['Rəşad Səfər', 'Elvin Adıgözəl'],
      source: 'member',
      createdBy: member.user.id,
    });
    // Again: nothing new, also no second member film.
    const films0 = await filmCount();
    const again = await importFile(t, member.token, fixture('imdb-ratings.csv'), 'ratings.csv');
    expect(again).toMatchObject({ added: 0, updated: 0, skipped: 5 });
    expect(await filmCount()).toBe(films0);
  });
});

/** A zip of one entry whose headers declare `declared` bytes but whose data inflates to `actual`. */
function lyingZip(name: string, actual: Buffer, declared: number): Buffer {
  const zip = zipOf({ [name]: actual });
  zip.writeUInt32LE(declared, 22); // the local header's uncompressed size
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(declared, central + 24); // the central directory's
  return zip;
}

describe('POST /api/import: bad files are a clear 400 and change nothing', () => {
  const watchedHeader = 'Date,Name,Year,Letterboxd URI\n';
  const manyRows = (n: number) =>
    watchedHeader + Array.from({ length: n }, (_, i) => `2024-01-01,Film ${i},2001,https://boxd.it/${i}\n`).join('');
  const CASES: [string, () => Buffer, string, string][] = [
    [
      'neither format',
      () => Buffer.from('ad,il,reytinq\nNəsimi,1973,9\n'),
      'films.csv',
      'Fayl tanınmadı: Letterboxd ixracını (.zip və ya onun watched.csv, diary.csv, ratings.csv, watchlist.csv, reviews.csv faylları) və ya IMDb reytinqlər ixracını (.csv) göndərin',
    ],
    [
      'a zip of other files',
      () => zipOf({ 'profile.csv': fixture('letterboxd/profile.csv'), 'lists/a.csv': 'x' }),
      'lb.zip',
      'Fayl tanınmadı: Letterboxd ixracını (.zip və ya onun watched.csv, diary.csv, ratings.csv, watchlist.csv, reviews.csv faylları) və ya IMDb reytinqlər ixracını (.csv) göndərin',
    ],
    [
      'a zip entry declared over 50 MB',
      () => zipOf({ 'watched.csv': watchedHeader + ' '.repeat(51 * 1024 * 1024) }),
      'lb.zip',
      'Arxivdəki watched.csv faylı açıldıqda 50 MB-dan böyükdür; belə arxiv qəbul edilmir',
    ],
    [
      'a zip entry declared small that inflates past its size',
      () => lyingZip('watched.csv', Buffer.from(watchedHeader + ' '.repeat(60 * 1024 * 1024)), 1000),
      'lb.zip',
      'Arxivdəki watched.csv faylı açıldıqda 50 MB-dan böyükdür; belə arxiv qəbul edilmir',
    ],
    [
      'zip entries that together inflate past 50 MB, each under it',
      () =>
        zipOf({
          'watched.csv': `${watchedHeader}${'\n'.repeat(26 * 1024 * 1024)}`,
          'diary.csv': `${watchedHeader}${'\n'.repeat(26 * 1024 * 1024)}`,
        }),
      'lb.zip',
      'Arxivdəki diary.csv faylı açıldıqda 50 MB-dan böyükdür; belə arxiv qəbul edilmir',
    ],
    [
      'a zip of more than 10,000 entries',
      () => zipOf(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`lists/${i}.csv`, 'x']))),
      'lb.zip',
      'Arxivdə 10 000-dən çox fayl var; Letterboxd ixracı belə olmur',
    ],
    [
      'a zip path climbing out of the archive',
      () => zipOf({ '../watched.csv': fixture('letterboxd/watched.csv') }),
      'lb.zip',
      'Arxivdə qovluğundan kənara çıxan fayl yolu var; belə arxiv qəbul edilmir',
    ],
    [
      'an absolute zip path',
      () => zipOf({ '/tmp/watched.csv': fixture('letterboxd/watched.csv') }),
      'lb.zip',
      'Arxivdə qovluğundan kənara çıxan fayl yolu var; belə arxiv qəbul edilmir',
    ],
    [
      'a broken zip',
      () => Buffer.concat([letterboxdZip().subarray(0, 300)]),
      'lb.zip',
      'Arxiv pozulub və ya ZIP faylı deyil',
    ],
    [
      'broken CSV quoting',
      () =>
        Buffer.from(
          `${watchedHeader}2024-01-01,Nəsimi,1973,https://boxd.it/1\n2024-01-02,"Yarasa,1995,https://boxd.it/2\n`,
        ),
      'watched.csv',
      'watched.csv faylı pozulub (sətir 3): dırnaq işarələri və ya sütunların sayı düzgün deyil',
    ],
    [
      'a row with a column too many',
      () => Buffer.from(`${watchedHeader}2024-01-01,Nəsimi,1973,https://boxd.it/1,artıq\n`),
      'watched.csv',
      'watched.csv faylı pozulub (sətir 2): dırnaq işarələri və ya sütunların sayı düzgün deyil',
    ],
    [
      'a title longer than any film may have (201 characters)',
      () =>
        Buffer.from(`${watchedHeader}2024-01-01,Nəsimi,1973,https://boxd.it/1\n2024-01-02,${'Ə'.repeat(201)},1995,x\n`),
      'watched.csv',
      'watched.csv faylında filmin adı və ya rejissoru çox uzundur: ən çoxu 200 simvol (sətir 3)',
    ],
    [
      'a row over 1 MB (one quoted field)',
      () => Buffer.from(`${watchedHeader}2024-01-01,"${'a'.repeat(1100 * 1024)}",1995,x\n`),
      'watched.csv',
      'watched.csv faylında sətir 2 1 MB-dan böyükdür; film sətri belə olmur',
    ],
    [
      '50,001 rows',
      () => Buffer.from(manyRows(50_001)),
      'watched.csv',
      'Faylda 50 000-dən çox sətir var; faylı hissələrə bölüb ayrı-ayrı göndərin',
    ],
    [
      '50,001 rows over two files of a zip',
      () => zipOf({ 'watched.csv': manyRows(25_000), 'watchlist.csv': manyRows(25_001) }),
      'lb.zip',
      'Faylda 50 000-dən çox sətir var; faylı hissələrə bölüb ayrı-ayrı göndərin',
    ],
    [
      'Windows-1254 instead of UTF-8',
      () =>
        Buffer.concat([
          Buffer.from(`${watchedHeader}2024-01-01,`),
          Buffer.from([0xd6, 0x6c, 0xfc]),
          Buffer.from(',1995,x\n'),
        ]),
      'watched.csv',
      'watched.csv faylı UTF-8 kodlaşmasında deyil. Letterboxd və IMDb ixracını dəyişmədən göndərin (Excel-də açıb saxlamayın)',
    ],
    [
      'UTF-16',
      () =>
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(`${watchedHeader}2024-01-01,Nəsimi,1973,x\n`, 'utf16le'),
        ]),
      'watched.csv',
      'watched.csv faylı UTF-8 kodlaşmasında deyil. Letterboxd və IMDb ixracını dəyişmədən göndərin (Excel-də açıb saxlamayın)',
    ],
    [
      'a bad rating',
      () => Buffer.from('Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Nəsimi,1973,x,7\n'),
      'ratings.csv',
      'ratings.csv faylında reytinq düzgün deyil (sətir 2)',
    ],
    [
      // The sender names the file: a long name is cut in the message.
      'a bad rating in a file with a long name',
      () => Buffer.from('Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Nəsimi,1973,x,7\n'),
      `ratings${'x'.repeat(5000)}.csv`,
      `ratings${'x'.repeat(72)}… faylında reytinq düzgün deyil (sətir 2)`,
    ],
    ['a header alone', () => Buffer.from(watchedHeader), 'watched.csv', 'Faylda idxal ediləcək film yoxdur'],
    [
      'an empty file',
      () => Buffer.alloc(0),
      'watched.csv',
      'Fayl tanınmadı: Letterboxd ixracını (.zip və ya onun watched.csv, diary.csv, ratings.csv, watchlist.csv, reviews.csv faylları) və ya IMDb reytinqlər ixracını (.csv) göndərin',
    ],
  ];

  let member: FactoryUser;
  beforeAll(async () => {
    member = await createUser(t.app);
  });

  for (const [what, bytes, name, text] of CASES) {
    it(what, async () => {
      const films0 = await filmCount();
      const res = await upload(t, member.token, bytes(), name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: text });
      expect(await jobsOf(member.user.id)).toEqual([]);
      expect(await collectionOf(t, member.user.id)).toEqual([]);
      expect(await filmCount()).toBe(films0);
    });
  }

  it('a file over 10 MB is 413; no file is 400', async () => {
    const big = await upload(t, member.token, Buffer.alloc(11 * 1024 * 1024, 0x41), 'watched.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Fayl 10 MB-dan böyük ola bilməz');
    const form = new FormData();
    form.append('other', 'x');
    const none = await t.injectAs(member.token, {
      method: 'POST',
      url: '/api/import',
      payload: form as unknown as string,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Fayl göndərilməyib (sahə adı: file)');
  });
});

describe('one import at a time, all or nothing', () => {
  it('a second import while one runs is 409', async () => {
    const member = await createUser(t.app);
    await t.app.database.db.insert(importJobs).values({ userId: member.user.id, format: 'letterboxd', total: 5 });
    const res = await upload(t, member.token, letterboxdZip(), 'lb.zip');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Başqa idxalınız hələ davam edir. O bitəndən sonra yenidən cəhd edin');
  });

  it('two imports sent at once never run together: the second is 409, or starts after the first ended', async () => {
    const member = await createUser(t.app);
    const answers = await Promise.all([
      upload(t, member.token, letterboxdZip(), 'lb.zip'),
      upload(t, member.token, letterboxdZip(), 'lb.zip'),
    ]);
    await t.settled();
    const jobs = await t.app.database.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.userId, member.user.id))
      .orderBy(importJobs.createdAt);
    // On a busy machine the first may finish before the second is read: then both run, in turn.
    const codes = answers.map((r) => r.statusCode).sort();
    if (codes[1] === 409) {
      expect(codes).toEqual([202, 409]);
      expect(jobs).toHaveLength(1);
    } else {
      expect(codes).toEqual([202, 202]);
      expect(jobs).toHaveLength(2);
      // The second row is written once the first job is no longer running (the one-running-import
      // index). Its created_at is now() of the statement that waited for that, so it may read a few
      // milliseconds before the first's finished_at; the second finishes after the first does.
      const [first, second] = jobs;
      expect(second?.createdAt.getTime()).toBeGreaterThanOrEqual(first?.createdAt.getTime() ?? Infinity);
      expect(second?.finishedAt?.getTime()).toBeGreaterThanOrEqual(first?.finishedAt?.getTime() ?? Infinity);
    }
    expect(withoutFilm(await collectionOf(t, member.user.id))).toEqual(LETTERBOXD_COLLECTION);
  });

  it('files are checked a few at a time: one per member (409), IMPORT_CHECKS_AT_ONCE in all (429)', async () => {
    const boundary = 'kinodost-test-boundary';
    /** An upload whose body stays open until `finish`; `reading` settles once its handler reads it. */
    const heldUpload = (token: string) => {
      let reading!: () => void;
      const started = new Promise<void>((resolve) => {
        reading = resolve;
      });
      const body = new Readable({ read: () => reading() });
      body.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="watched.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\nDate,Name,Year,Letterboxd URI\n',
      );
      const answer = t.injectAs(token, {
        method: 'POST',
        url: '/api/import',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      const finish = () => {
        body.push(`--${boundary}--\r\n`);
        body.push(null);
        return answer;
      };
      return { started, answer, finish };
    };
    const members = await Promise.all(Array.from({ length: IMPORT_CHECKS_AT_ONCE }, () => createUser(t.app)));
    const held = members.map((m) => heldUpload(m.token));
    await Promise.all(held.map((h) => h.started));

    const again = await upload(t, (members[0] as FactoryUser).token, letterboxdZip(), 'lb.zip');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(msg.imports.running);
    const other = await createUser(t.app);
    const busy = await upload(t, other.token, letterboxdZip(), 'lb.zip');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ success: false, error: msg.imports.busy, code: 'RATE_LIMITED' });

    // Each held file ends with only a header: refused as empty, and its place is free again.
    for (const h of held) expect((await h.finish()).statusCode).toBe(400);
    expect((await upload(t, other.token, letterboxdZip(), 'lb.zip')).statusCode).toBe(202);
    await t.settled();
  });

  it('a running import whose process died (stale heartbeat) is undone, and the new one runs', async () => {
    const member = await createUser(t.app);
    const db = t.app.database.db;
    const orphan = await createMovie(t.app, member.user.id, { filmId: cat.yarasa, status: 'watched' });
    const [dead] = await db
      .insert(importJobs)
      .values({ userId: member.user.id, format: 'letterboxd', total: 5, heartbeatAt: new Date(Date.now() - 600_000) })
      .returning();
    await db.insert(importUndo).values({ jobId: dead?.id as string, kind: 'added', targetId: orphan.id });
    const job = await importFile(t, member.token, letterboxdZip(), 'lb.zip');
    expect(job).toMatchObject({ status: 'done', added: 7 });
    const [after] = await db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, dead?.id as string));
    expect(after).toMatchObject({
      status: 'failed',
      error: 'İdxal server yenidən başladığı üçün yarımçıq qaldı və geri alındı; faylı yenidən göndərin',
    });
  });

  it('a failure in a later batch undoes the earlier ones: entries made go, entries changed get their values back', async () => {
    const member = await createUser(t.app);
    const db = t.app.database.db;
    const kept = await createMovie(t.app, member.user.id, { filmId: cat.nesimi, status: 'watchlist' });
    // Film 400 of the file cannot be stored: the database refuses it.
    await db.execute(sql`
      create or replace function kd_test_refuse() returns trigger language plpgsql as $$
      begin if new.title = 'Film 400' then raise exception 'refused'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger kd_test_refuse after insert on movies for each row execute function kd_test_refuse()`,
    );
    try {
      const csv = `Date,Name,Year,Letterboxd URI\n2024-01-01,Nəsimi,1973,x\n${Array.from(
        { length: 600 },
        (_, i) => `2024-01-01,Film ${i},1990,x\n`,
      ).join('')}`;
      const films0 = await filmCount();
      const job = await importFile(t, member.token, Buffer.from(csv), 'watched.csv');
      expect(job).toMatchObject({
        status: 'failed',
        error: 'İdxal alınmadı və geri alındı; bir az sonra yenidən cəhd edin',
      });
      const rows = await collectionOf(t, member.user.id);
      expect(rows).toEqual([expect.objectContaining({ title: 'Nəsimi', status: 'watchlist', watched: null })]);
      expect((await db.select().from(movies).where(eq(movies.id, kept.id)))[0]?.status).toBe('watchlist');
      expect(await filmCount()).toBe(films0);
      expect(await db.select().from(importUndo)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger kd_test_refuse on movies`);
    }
  });

  it('a member deleted while their import runs ends it quietly: nothing failed, nothing is left', async () => {
    const member = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const films0 = await filmCount();
    const errors = vi.spyOn(t.app.log, 'error');
    const infos = vi.spyOn(t.app.log, 'info');
    try {
      const csv = `Date,Name,Year,Letterboxd URI\n${Array.from(
        { length: 3000 },
        (_, i) => `2024-01-01,Silinən film ${i},1990,x\n`,
      ).join('')}`;
      expect((await upload(t, member.token, Buffer.from(csv), 'watched.csv')).statusCode).toBe(202);
      // The account goes between two of the import's batches.
      const gone = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/user/${member.user.id}` });
      expect(gone.statusCode).toBe(200);
      await t.settled();
      expect(infos).toHaveBeenCalledWith(expect.anything(), 'import dropped: its member deleted the account');
      expect(errors).not.toHaveBeenCalled();
      expect(await filmCount()).toBe(films0);
    } finally {
      errors.mockRestore();
      infos.mockRestore();
    }
  });

  it('a restart undoes and fails the imports it interrupted (docs/import-export.md)', async () => {
    const member = await createUser(t.app);
    const db = t.app.database.db;
    const orphan = await createMovie(t.app, member.user.id, { filmId: cat.tiger, status: 'watched' });
    const [job] = await db
      .insert(importJobs)
      // Old enough for PostgreSQL's rule too (another process's running job is left alone while fresh).
      .values({ userId: member.user.id, format: 'imdb', total: 3, heartbeatAt: new Date(Date.now() - 600_000) })
      .returning();
    await db.insert(importUndo).values({ jobId: job?.id as string, kind: 'added', targetId: orphan.id });
    const restarted = await buildTestApp({}, t);
    try {
      const res = await restarted.injectAs(member.token, { method: 'GET', url: `/api/import/${job?.id}` });
      expect(res.json().data).toMatchObject({
        status: 'failed',
        error: 'İdxal server yenidən başladığı üçün yarımçıq qaldı və geri alındı; faylı yenidən göndərin',
      });
      expect(await collectionOf(t, member.user.id)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it("another member's import is not found", async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const job = await importFile(t, a.token, fixture('letterboxd/watchlist.csv'), 'watchlist.csv');
    const res = await t.injectAs(b.token, { method: 'GET', url: `/api/import/${job.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('İdxal tapılmadı');
  });
});
