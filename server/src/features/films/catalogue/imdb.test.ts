import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { films } from '../../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createFilm } from '../../../test/factories/film';
import { ImdbFileError, type ImdbProgress, importImdb } from './imdb';

/** Files laid out exactly as IMDb publishes them (tab-separated, \N for missing, gzipped). */
const BASICS_HEADER =
  'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres';
const CREW_HEADER = 'tconst\tdirectors\twriters';
const NAMES_HEADER = 'nconst\tprimaryName\tbirthYear\tdeathYear\tprimaryProfession\tknownForTitles';

const BASICS = [
  'tt0068646\tmovie\tThe Godfather\tThe Godfather\t0\t1972\t\\N\t175\tCrime,Drama',
  'tt0903747\ttvSeries\tBreaking Bad\tBreaking Bad\t0\t2008\t2013\t49\tCrime,Drama,Thriller',
  'tt0000001\tshort\tCarmencita\tCarmencita\t0\t1894\t\\N\t1\tDocumentary,Short',
  'tt9999999\tmovie\tAdult film\tAdult film\t1\t2001\t\\N\t80\tAdult',
  'tt0110413\tmovie\tLéon: The Professional\tLéon\t0\t1994\t\\N\t110\tAction,Crime,Drama',
  'tt1375666\tmovie\tInception\tInception\t0\t2010\t\\N\t148\tAction,Adventure,Sci-Fi',
  "tt0211915\tmovie\tAmélie\tLe fabuleux destin d'Amélie Poulain\t0\t2001\t\\N\t122\tComedy,Romance",
  'tt0115183\ttvMovie\t"Quoted, title"\t"Quoted, title"\t0\t\\N\t\\N\t\\N\t\\N',
];
const CREW = [
  'tt0068646\tnm0000338\tnm0701374,nm0000338',
  'tt0903747\t\\N\tnm0319213',
  'tt0110413\tnm0000108\tnm0000108',
  'tt1375666\tnm0634240\tnm0634240',
  'tt0211915\tnm0442337\tnm0442337',
];
const NAMES = [
  'nm0000338\tFrancis Ford Coppola\t1939\t\\N\tdirector,writer\ttt0068646',
  'nm0000108\tLuc Besson\t1959\t\\N\tdirector\ttt0110413',
  'nm0634240\tChristopher Nolan\t1970\t\\N\tdirector\ttt1375666',
  'nm0442337\tJean-Pierre Jeunet\t1953\t\\N\tdirector\ttt0211915',
  'nm0701374\tMario Puzo\t1920\t1999\twriter\ttt0068646',
];

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kinodost-imdb-'));
  await t.app.database.db.delete(films);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const write = (name: string, header: string, rows: string[], gzip = true) =>
  writeFile(
    path.join(dir, gzip ? `${name}.tsv.gz` : `${name}.tsv`),
    (gzip ? gzipSync : (b: Buffer) => b)(Buffer.from(`${[header, ...rows].join('\n')}\n`)),
  );
const stored = () =>
  t.app.database.db
    .select({
      imdbId: films.imdbId,
      title: films.title,
      original: films.originalTitle,
      year: films.year,
      runtime: films.runtime,
      genres: films.genres,
      directors: films.directors,
      source: films.source,
    })
    .from(films)
    .orderBy(asc(films.imdbId));

describe('npm run catalogue -- import imdb', () => {
  it('stores the films of title.basics with their directors, genres mapped, other titles skipped', async () => {
    await write('title.basics', BASICS_HEADER, BASICS);
    await write('title.crew', CREW_HEADER, CREW);
    await write('name.basics', NAMES_HEADER, NAMES);
    const progress: ImdbProgress[] = [];
    const result = await importImdb(t.app.database.db, dir, { batchSize: 2, onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ films: 5, skipped: 3, directors: true });
    expect(await stored()).toEqual([
      {
        imdbId: 'tt0068646',
        title: 'The Godfather',
        original: null,
        year: 1972,
        runtime: 175,
        genres: ['Kriminal', 'Dram'],
        directors: ['Francis Ford Coppola'],
        source: 'imdb',
      },
      {
        imdbId: 'tt0110413',
        title: 'Léon: The Professional',
        original: 'Léon',
        year: 1994,
        runtime: 110,
        genres: ['Döyüş', 'Kriminal', 'Dram'],
        directors: ['Luc Besson'],
        source: 'imdb',
      },
      {
        imdbId: 'tt0115183',
        title: '"Quoted, title"',
        original: null,
        year: null,
        runtime: null,
        genres: [],
        directors: [],
        source: 'imdb',
      },
      {
        imdbId: 'tt0211915',
        title: 'Amélie',
        original: "Le fabuleux destin d'Amélie Poulain",
        year: 2001,
        runtime: 122,
        genres: ['Komediya', 'Melodram'],
        directors: ['Jean-Pierre Jeunet'],
        source: 'imdb',
      },
      {
        imdbId: 'tt1375666',
        title: 'Inception',
        original: null,
        year: 2010,
        runtime: 148,
        genres: ['Döyüş', 'Macəra', 'Fantastika'],
        directors: ['Christopher Nolan'],
        source: 'imdb',
      },
    ]);
    // Four passes (titles, crew, names, titles again), each reported to its last byte.
    expect(new Set(progress.map((p) => p.pass))).toEqual(new Set([1, 2, 3, 4]));
    const last = progress.at(-1);
    expect(last?.bytesRead).toBe(last?.bytesTotal);
    // The imported films are searchable by director.
    const res = await t.inject({ method: 'GET', url: '/api/films/search?q=coppola' });
    expect(res.json().data.map((f: { title: string }) => f.title)).toEqual(['The Godfather']);
  });

  it('reads title.basics alone (plain or gzipped) and a second run adds nothing but keeps the directors it had', async () => {
    await write('title.basics', BASICS_HEADER, BASICS);
    await write('title.crew', CREW_HEADER, CREW);
    await write('name.basics', NAMES_HEADER, NAMES);
    await importImdb(t.app.database.db, dir);
    const first = await stored();
    await rm(path.join(dir, 'title.crew.tsv.gz'));
    await rm(path.join(dir, 'title.basics.tsv.gz'));
    // The same titles again, one renamed, as an uncompressed file.
    await write(
      'title.basics',
      BASICS_HEADER,
      BASICS.map((r) => r.replace('\tInception\tInception\t', '\tBaşlanğıc\tInception\t')),
      false,
    );
    expect(await importImdb(t.app.database.db, dir)).toEqual({ films: 5, skipped: 3, directors: false });
    const second = await stored();
    expect(second).toHaveLength(first.length);
    expect(second.find((f) => f.imdbId === 'tt1375666')).toMatchObject({
      title: 'Başlanğıc',
      original: 'Inception',
      directors: ['Christopher Nolan'],
    });
  });

  it('gives its IMDb id to a catalogue film of the same folded title and year instead of doubling it', async () => {
    const bundled = await createFilm(t.app, {
      title: 'the godfather',
      year: 1972,
      directors: ['Francis Ford Coppola'],
    });
    const otherYear = await createFilm(t.app, { title: 'Inception', year: 1990 });
    await write('title.basics', BASICS_HEADER, BASICS);
    await importImdb(t.app.database.db, dir);
    const [claimed] = await t.app.database.db.select().from(films).where(eq(films.id, bundled.id));
    expect(claimed).toMatchObject({ imdbId: 'tt0068646', title: 'The Godfather', year: 1972, runtime: 175 });
    const [untouched] = await t.app.database.db.select().from(films).where(eq(films.id, otherYear.id));
    expect(untouched?.imdbId).toBeNull();
    expect(await t.app.database.db.$count(films)).toBe(6);
  });

  it('names the line of a broken row, and stores no film of its batch', async () => {
    const broken = [...BASICS.slice(0, 5), 'tt1375666\tmovie\tInception cut short', ...BASICS.slice(6)];
    await write('title.basics', BASICS_HEADER, broken);
    const err = await importImdb(t.app.database.db, dir, { batchSize: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImdbFileError);
    expect((err as Error).message).toBe('title.basics.tsv.gz, line 7: 9 fields expected, 3 found');
    // Batches of two films: the first (The Godfather, Léon) is stored; Léon's batch-mate never came.
    expect((await stored()).map((f) => f.imdbId)).toEqual(['tt0068646', 'tt0110413']);
  });

  it('refuses a cut-short gzip, a file of another layout and a missing title.basics', async () => {
    const whole = gzipSync(Buffer.from(`${[BASICS_HEADER, ...BASICS].join('\n')}\n`));
    await writeFile(path.join(dir, 'title.basics.tsv.gz'), whole.subarray(0, whole.length - 20));
    await expect(importImdb(t.app.database.db, dir)).rejects.toThrow(
      /^title\.basics\.tsv\.gz, line \d+: the file cannot be read/,
    );
    await write('title.basics', 'Const,Your Rating,Date Rated,Title', ['tt0068646,10,2020-01-01,The Godfather']);
    await expect(importImdb(t.app.database.db, dir)).rejects.toThrow(
      "title.basics.tsv.gz, line 1: the header is not IMDb's",
    );
    await rm(path.join(dir, 'title.basics.tsv.gz'));
    await expect(importImdb(t.app.database.db, dir)).rejects.toThrow(/title\.basics\.tsv\.gz, line 0: not found/);
    expect(await stored()).toEqual([]);
  });
});
