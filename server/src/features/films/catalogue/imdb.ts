import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { toCatalogueGenres } from '@kinodost/contracts/genres';
import type { Db } from '../../../db/client';
import { type FilmValues, upsertImdbFilms } from '../films.repository';

/**
 * Imports IMDb's public dataset files (https://developer.imdb.com/non-commercial-datasets/):
 * `title.basics.tsv.gz` alone, or with `title.crew.tsv.gz` and `name.basics.tsv.gz` for the
 * directors' names. Files are read as streams (gzipped or not), a thousand films a transaction;
 * a batch is stored whole or not at all, and a run can be repeated (films are keyed by IMDb id).
 * See docs/catalogue.md.
 */

/** A file that is not what IMDb publishes, or is cut short: names the file and the line. */
export class ImdbFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}, line ${line}: ${reason}`);
    this.name = 'ImdbFileError';
  }
}

/** Where a run has got to, for a progress bar: bytes of the file being read. */
export interface ImdbProgress {
  file: string;
  /** Which pass over the files this is, and how many there are. */
  pass: number;
  passes: number;
  bytesRead: number;
  bytesTotal: number;
  films: number;
}

export interface ImdbImportResult {
  /** Films stored (new or refreshed). */
  films: number;
  /** Rows that are not films (series, episodes, adult titles) or have no usable title. */
  skipped: number;
  /** Whether directors were read (the crew and name files were there). */
  directors: boolean;
}

const BASICS = [
  'tconst',
  'titleType',
  'primaryTitle',
  'originalTitle',
  'isAdult',
  'startYear',
  'endYear',
  'runtimeMinutes',
  'genres',
];
const CREW = ['tconst', 'directors', 'writers'];
const NAMES = ['nconst', 'primaryName', 'birthYear', 'deathYear', 'primaryProfession', 'knownForTitles'];

/** The kinds of title that are films. */
const FILM_TYPES = new Set(['movie', 'tvMovie']);

/** The file of that name in the folder, gzipped or not; undefined when neither is there. */
function findFile(folder: string, name: string): string | undefined {
  for (const candidate of [`${name}.tsv.gz`, `${name}.tsv`]) {
    const file = path.join(folder, candidate);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/**
 * Calls onRow with each data row's fields and line number, after checking the header. A row
 * with the wrong number of fields, or a gzip stream cut short, throws ImdbFileError.
 */
async function eachRow(
  file: string,
  header: string[],
  onRow: (fields: string[], line: number) => Promise<void> | void,
  onBytes: (read: number) => void,
): Promise<void> {
  const name = path.basename(file);
  const raw = createReadStream(file);
  let read = 0;
  raw.on('data', (chunk) => {
    read += chunk.length;
    onBytes(read);
  });
  let line = 0;
  let failure: Error | undefined;
  const source: Readable = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  // A read or gunzip error may reach the loop or only the streams; either way it is named below.
  const fail = (err: Error) => {
    failure ??= err;
    source.destroy();
  };
  raw.on('error', fail);
  source.on('error', fail);
  try {
    for await (const text of createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY })) {
      line++;
      const fields = text.split('\t');
      if (line === 1) {
        if (fields.join('\t') !== header.join('\t')) {
          throw new ImdbFileError(name, 1, `the header is not IMDb's (${header.join(', ')})`);
        }
        continue;
      }
      if (text === '') continue;
      if (fields.length !== header.length) {
        throw new ImdbFileError(name, line, `${header.length} fields expected, ${fields.length} found`);
      }
      try {
        await onRow(fields, line);
      } catch (err) {
        // Not the file's fault (the database, say): passed on as it is.
        throw { fromRow: err };
      }
    }
  } catch (err) {
    if (err instanceof ImdbFileError) throw err;
    if (err && typeof err === 'object' && 'fromRow' in err) throw err.fromRow;
    failure ??= err as Error;
  } finally {
    raw.destroy();
  }
  if (failure) throw new ImdbFileError(name, line + 1, `the file cannot be read (${failure.message})`);
  if (line === 0) throw new ImdbFileError(name, 1, 'the file is empty');
}

/** IMDb writes a missing value as \N. */
const value = (s: string | undefined) => (s === undefined || s === '\\N' || s === '' ? null : s);
const int = (s: string | undefined, min: number, max: number) => {
  const n = Number(value(s));
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The film of one title.basics row, or null when it is not a film. */
function filmOf(f: string[], directors: string[]): (FilmValues & { imdbId: string }) | null {
  const [tconst, type, primary, original, adult, startYear, , runtime, genres] = f;
  const title = value(primary)?.trim().slice(0, 200);
  if (!tconst || !FILM_TYPES.has(type ?? '') || adult === '1' || !title) return null;
  const originalTitle = value(original)?.trim().slice(0, 200) || null;
  return {
    imdbId: tconst,
    title,
    originalTitle: originalTitle && originalTitle !== title ? originalTitle : null,
    year: int(startYear, 1870, 2100),
    runtime: int(runtime, 1, 6000),
    genres: toCatalogueGenres((value(genres) ?? '').split(',').filter(Boolean)),
    directors,
    source: 'imdb',
  };
}

export async function importImdb(
  db: Db,
  folder: string,
  opts: { batchSize?: number; onProgress?: (p: ImdbProgress) => void } = {},
): Promise<ImdbImportResult> {
  const batchSize = opts.batchSize ?? 1000;
  const basics = findFile(folder, 'title.basics');
  if (!basics) throw new ImdbFileError('title.basics.tsv.gz', 0, `not found in ${folder}`);
  const crew = findFile(folder, 'title.crew');
  const names = findFile(folder, 'name.basics');
  const withDirectors = Boolean(crew && names);
  const passes = withDirectors ? 4 : 1;
  let pass = 0;
  let stored = 0;
  let skipped = 0;
  const progress = (file: string) => {
    pass++;
    const bytesTotal = statSync(file).size;
    return (bytesRead: number) =>
      opts.onProgress?.({ file: path.basename(file), pass, passes, bytesRead, bytesTotal, films: stored });
  };

  // With the crew: which titles are films, whose directors they have, and those directors' names.
  const directorIds = new Map<string, string[]>();
  const directorNames = new Map<string, string>();
  if (crew && names) {
    const filmIds = new Set<string>();
    await eachRow(
      basics,
      BASICS,
      (f) => {
        if (FILM_TYPES.has(f[1] ?? '') && f[4] !== '1') filmIds.add(f[0] as string);
      },
      progress(basics),
    );
    await eachRow(
      crew,
      CREW,
      (f) => {
        const ids = value(f[1]);
        if (ids && filmIds.has(f[0] as string)) {
          const list = ids.split(',');
          directorIds.set(f[0] as string, list);
          for (const id of list) directorNames.set(id, '');
        }
      },
      progress(crew),
    );
    await eachRow(
      names,
      NAMES,
      (f) => {
        const name = value(f[1]);
        if (name && directorNames.has(f[0] as string)) directorNames.set(f[0] as string, name);
      },
      progress(names),
    );
  }

  let batch: (FilmValues & { imdbId: string })[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => upsertImdbFilms(tx as unknown as Db, rows));
    stored += rows.length;
  };
  await eachRow(
    basics,
    BASICS,
    async (f) => {
      const directors = (directorIds.get(f[0] as string) ?? []).flatMap((id) => directorNames.get(id) || []);
      const film = filmOf(f, directors);
      if (!film) {
        skipped++;
        return;
      }
      batch.push(film);
      if (batch.length >= batchSize) await flush();
    },
    progress(basics),
  );
  await flush();
  return { films: stored, skipped, directors: withDirectors };
}
