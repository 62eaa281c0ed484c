import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isCalendarDay } from '@kinodost/contracts/dates';
import { toCatalogueGenres } from '@kinodost/contracts/genres';
import { DIRECTOR_MAX, TITLE_MAX, YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import { CsvError, parse } from 'csv-parse';
import yauzl from 'yauzl';
import { BadRequestError } from '../../lib/errors';
import { msg } from '../../lib/messages';

/**
 * Reading a member's export (docs/import-export.md): a Letterboxd export (.zip, or one of its
 * CSVs), an IMDb ratings export, or this server's own Letterboxd-readable CSV, told apart by the
 * header. Everything is checked here, before anything is written: a bad file is a 400 and changes
 * nothing.
 */

/** Rows of all the files together, at most. */
export const MAX_ROWS = 50_000;
/** An archive's entry, declared or actually unpacked, at most. */
export const MAX_ENTRY_BYTES = 50 * 1024 * 1024;
/** Entries an archive may list: Letterboxd's own export holds a few dozen, a list per file. */
export const MAX_ZIP_ENTRIES = 10_000;

export type ImportFormat = 'letterboxd' | 'imdb' | 'kinodost';

/** One film of the file, its rows merged (a diary's rewatches, a film in watched.csv and ratings.csv). */
export interface ImportItem {
  title: string;
  year: number | null;
  imdbId: string | null;
  status: 'watched' | 'watchlist';
  /** 1 to 10. */
  rating: number | null;
  /** The day watched, YYYY-MM-DD. */
  watchedOn: string | null;
  /** Facts for a member film made from an unmatched IMDb row. */
  originalTitle?: string | null;
  runtime?: number | null;
  genres?: string[];
  directors?: string[];
}

export interface ParsedImport {
  format: ImportFormat;
  items: ImportItem[];
  /** Rows left out: series and episodes of an IMDb export, rows without a title. */
  skipped: number;
}

const fail = (text: string): never => {
  throw new BadRequestError(text);
};

/** One row as a file kind reads it, before the rows of one film are merged. */
interface RowFacts {
  title: string;
  year: number | null;
  imdbId: string | null;
  status: 'watched' | 'watchlist';
  rating: number | null;
  /** How much the rating counts: ratings.csv (the current rating) over a diary's, a later diary row over an earlier. */
  ratingWeight: string;
  watchedOn: string | null;
  /** How much the date counts: a diary's watched date over the day a film was logged. */
  dateWeight: number;
  extra?: Pick<ImportItem, 'originalTitle' | 'runtime' | 'genres' | 'directors'>;
}

type Header = string[];
type Reader = (row: Record<string, string>, line: number) => RowFacts | null;

/** A day as the file writes it, or null when it is none the calendar has in a film's years (contracts/dates.ts). */
const day = (v: string | undefined): string | null => {
  const text = v?.trim() ?? '';
  return isCalendarDay(text) ? text : null;
};
/**
 * A number as the exports write one: decimal digits, with a fraction where `fraction` allows.
 * Number() alone would also read `0x7D1`, `1e3` and `0b101`, which no export writes.
 */
const decimal = (v: string | undefined, fraction = false): number | null => {
  const text = v?.trim() ?? '';
  return (fraction ? /^\d+(\.\d+)?$/ : /^\d+$/).test(text) ? Number(text) : null;
};
/** A film's year, or null outside the years a film may have anywhere else (contracts/limits.ts). */
const yearOf = (v: string | undefined): number | null => {
  const n = decimal(v);
  return n !== null && n >= YEAR_MIN && n <= YEAR_MAX ? n : null;
};
/** A field's text: control characters (a line break, a bell, NUL) are a space, as a title has no lines. */
const cleanText = (v: string | undefined) => (v ?? '').replace(/\p{Cc}+/gu, ' ').trim();

/**
 * A row's texts held to the limits every other way of adding a film keeps (contracts/limits.ts):
 * a longer one refuses the file, naming it and the line, as a bad rating does.
 */
function withinLimits(facts: RowFacts, file: string, line: number): RowFacts {
  const long = (text: string | null | undefined, max: number) => text != null && [...text].length > max;
  const extra = facts.extra;
  if (
    long(facts.title, TITLE_MAX) ||
    long(extra?.originalTitle, TITLE_MAX) ||
    extra?.directors?.some((d) => long(d, DIRECTOR_MAX))
  ) {
    fail(msg.imports.tooLong(file, line));
  }
  return facts;
}

/** Letterboxd's half stars, 0.5 to 5, as 1 to 10: stars times two, rounded up. */
export function letterboxdRating(raw: string | undefined, file: string, line: number): number | null {
  const text = raw?.trim() ?? '';
  if (!text) return null;
  const stars = decimal(text, true);
  if (stars === null || stars <= 0 || stars > 5) return fail(msg.imports.badRating(file, line));
  return Math.min(10, Math.max(1, Math.ceil(stars * 2)));
}

/** A rating already on KinoDost's and IMDb's 1 to 10. */
function tenRating(raw: string | undefined, file: string, line: number): number | null {
  const text = raw?.trim() ?? '';
  if (!text) return null;
  const n = decimal(text, true);
  if (n === null || !Number.isInteger(n) || n < 1 || n > 10) return fail(msg.imports.badRating(file, line));
  return n;
}

const has = (header: Header, ...names: string[]) => names.every((n) => header.includes(n));
const listOf = (v: string | undefined) =>
  cleanText(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The reader of a header, or null when the header is none this server knows. */
function readerFor(header: Header, fileName: string): { format: ImportFormat; read: Reader } | null {
  const file = fileName;
  if (has(header, 'Const', 'Your Rating', 'Title')) {
    const IMDB_FILMS = new Set(['movie', 'tvmovie']);
    return {
      format: 'imdb',
      read: (r, line) => {
        const kind = (r['Title Type'] ?? 'movie').replace(/\s+/g, '').toLowerCase();
        const title = cleanText(r.Title);
        if (!IMDB_FILMS.has(kind) || !title) return null;
        const imdbId = /^tt\d{5,12}$/.test(r.Const?.trim() ?? '') ? (r.Const as string).trim() : null;
        const runtime = decimal(r['Runtime (mins)']);
        const original = cleanText(r['Original Title']);
        return {
          title,
          year: yearOf(r.Year),
          imdbId,
          status: 'watched',
          rating: tenRating(r['Your Rating'], file, line),
          ratingWeight: '2',
          watchedOn: day(r['Date Rated']),
          dateWeight: 1,
          extra: {
            originalTitle: original && original !== title ? original : null,
            runtime: runtime !== null && runtime > 0 && runtime <= 6000 ? runtime : null,
            genres: toCatalogueGenres(listOf(r.Genres)),
            directors: listOf(r.Directors),
          },
        };
      },
    };
  }
  if (has(header, 'Title', 'Year', 'Rating10', 'WatchedDate')) {
    return {
      format: 'kinodost',
      read: (r, line) => {
        const title = cleanText(r.Title);
        if (!title) return null;
        const rating = tenRating(r.Rating10, file, line);
        const watchedOn = day(r.WatchedDate);
        const imdb = r.imdbID?.trim() ?? '';
        return {
          title,
          year: yearOf(r.Year),
          imdbId: /^tt\d{5,12}$/.test(imdb) ? imdb : null,
          // A row without a rating or a day is a film to watch (docs/import-export.md).
          status: rating !== null || watchedOn !== null ? 'watched' : 'watchlist',
          rating,
          ratingWeight: '2',
          watchedOn,
          dateWeight: 2,
          extra: { directors: listOf(r.Directors) },
        };
      },
    };
  }
  if (has(header, 'Date', 'Name', 'Year', 'Letterboxd URI')) {
    const diary = has(header, 'Watched Date');
    const rated = has(header, 'Rating');
    const watchlist = !rated && !diary && /watchlist/i.test(fileName);
    return {
      format: 'letterboxd',
      read: (r, line) => {
        const title = cleanText(r.Name);
        if (!title) return null;
        const watchedOn = diary ? (day(r['Watched Date']) ?? day(r.Date)) : null;
        return {
          title,
          year: yearOf(r.Year),
          imdbId: null,
          status: watchlist ? 'watchlist' : 'watched',
          rating: rated ? letterboxdRating(r.Rating, file, line) : null,
          // ratings.csv holds the current rating; in a diary the latest watch's counts.
          ratingWeight: diary ? `1 ${watchedOn ?? ''}` : '2',
          // watched.csv's Date is the day the film was logged: a day watched only when a diary has none.
          watchedOn: watchedOn ?? (watchlist || rated ? null : day(r.Date)),
          dateWeight: diary ? 2 : 1,
        };
      },
    };
  }
  return null;
}

/** Lets the event loop come round: a big file is read between other requests, not instead of them. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Decodes UTF-8, refusing bytes that are not (a Windows code page, UTF-16). */
function utf8(file: string) {
  return async function* decode(source: AsyncIterable<Buffer>) {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      for await (const chunk of source) {
        const text = decoder.decode(chunk, { stream: true });
        if (text) yield text;
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch (err) {
      if (err instanceof TypeError) fail(msg.imports.encoding(file));
      throw err;
    }
  };
}

/** Counts the rows of every file of one import. */
interface RowBudget {
  rows: number;
}

/**
 * Reads one CSV into row facts. The header decides the reader; `expect` refuses a header of
 * another kind (an archive holds Letterboxd's files only).
 */
async function readCsv(
  source: Readable,
  fileName: string,
  budget: RowBudget,
  onFormat: (format: ImportFormat) => void,
): Promise<RowFacts[]> {
  const out: RowFacts[] = [];
  let header: Header | undefined;
  let reader: Reader | undefined;
  const parser = parse({ bom: true, relax_column_count: false, skip_empty_lines: true, max_record_size: 1024 * 1024 });
  try {
    await pipeline(source, utf8(fileName), parser, async (records: AsyncIterable<string[]>) => {
      let line = 1;
      for await (const record of records) {
        if (!header) {
          header = record.map((h) => h.trim());
          const found = readerFor(header, fileName);
          if (!found) fail(msg.imports.notRecognised);
          reader = found?.read;
          onFormat(found?.format as ImportFormat);
          continue;
        }
        line++;
        budget.rows++;
        if (budget.rows > MAX_ROWS) fail(msg.imports.tooManyRows);
        const row: Record<string, string> = {};
        for (let i = 0; i < header.length; i++) row[header[i] as string] = record[i] ?? '';
        const facts = (reader as Reader)(row, line);
        if (facts) out.push(withinLimits(facts, fileName, line));
        else out.push(SKIPPED);
        if (line % 1000 === 0) await yieldTurn();
      }
    });
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as unknown as { lines?: number }).lines ?? 0;
      if (err.code === 'CSV_MAX_RECORD_SIZE') fail(msg.imports.rowTooLarge(fileName, line));
      fail(msg.imports.badCsv(fileName, line));
    }
    throw err;
  }
  if (!header) fail(msg.imports.notRecognised);
  return out;
}

/** A row read and left out (counted in the summary as skipped). */
const SKIPPED = Object.freeze({ skipped: true }) as unknown as RowFacts;

/** The files of a Letterboxd export an import reads (profile, comments, lists and likes are not films watched). */
const LETTERBOXD_FILES = new Set(['watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv', 'reviews.csv']);
/** Folders of a Letterboxd export whose CSVs have the same names but are not the member's films. */
const OTHER_FOLDERS = new Set(['deleted', 'orphaned', 'likes', 'lists']);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
export const isZip = (bytes: Buffer) =>
  bytes.subarray(0, 4).equals(ZIP_MAGIC) || bytes.subarray(0, 4).equals(EMPTY_ZIP_MAGIC);

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      // Sizes are checked here as the bytes come (capped): yauzl's own check lost its error on a lying header.
      { lazyEntries: true, autoClose: false, validateEntrySizes: false, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(err) : resolve(zip)),
    ),
  );

/** Every entry of the archive, refusing paths outside it and entries declared over the limit. */
const entriesOf = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.length >= MAX_ZIP_ENTRIES) {
        reject(new BadRequestError(msg.imports.zipTooManyEntries));
        return;
      }
      if (entry.uncompressedSize > MAX_ENTRY_BYTES) {
        reject(new BadRequestError(msg.imports.zipBomb(entry.fileName)));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: Error) => {
      // yauzl refuses an absolute path or one climbing out with `..` before naming the entry.
      if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(err.message)) {
        reject(new BadRequestError(msg.imports.zipPath));
      } else reject(new BadRequestError(msg.imports.zipBroken));
    });
    zip.readEntry();
  });

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err) : resolve(stream))),
  );

/**
 * Passes the bytes on, stopping as soon as they pass the size the entry declared (a header that
 * understates the size is how a bomb passes a check of the declared sizes) or the archive's
 * whole allowance: MAX_ENTRY_BYTES over all its entries read, so twenty entries cannot each
 * take it.
 */
function capped(name: string, declared: number, archive: { bytes: number }) {
  const limit = Math.min(MAX_ENTRY_BYTES, declared);
  return async function* cap(source: AsyncIterable<Buffer>) {
    let bytes = 0;
    for await (const chunk of source) {
      bytes += chunk.length;
      archive.bytes += chunk.length;
      if (bytes > limit || archive.bytes > MAX_ENTRY_BYTES) fail(msg.imports.zipBomb(name));
      yield chunk;
    }
  };
}

/** The CSVs of a Letterboxd archive that hold the member's films, as (name, stream). */
async function readZip(bytes: Buffer, budget: RowBudget, onFormat: (f: ImportFormat) => void): Promise<RowFacts[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return fail(msg.imports.zipBroken);
  }
  try {
    const entries = await entriesOf(zip);
    const candidates = entries.filter((e) => {
      const parts = e.fileName.split('/');
      const base = parts.at(-1)?.toLowerCase() ?? '';
      if (!LETTERBOXD_FILES.has(base)) return false;
      // At the root, or in the one folder a re-zipped export puts everything in.
      return parts.length === 1 || (parts.length === 2 && !OTHER_FOLDERS.has((parts[0] as string).toLowerCase()));
    });
    // Each of the export's files once: the one at the root if there is one, else the first found.
    const depth = (e: yauzl.Entry) => e.fileName.split('/').length;
    const seen = new Set<string>();
    const wanted = [...candidates]
      .sort((a, b) => depth(a) - depth(b))
      .filter((e) => {
        const base = (e.fileName.split('/').at(-1) as string).toLowerCase();
        if (seen.has(base)) return false;
        seen.add(base);
        return true;
      });
    const archive = { bytes: 0 };
    if (wanted.length === 0) fail(msg.imports.notRecognised);
    const rows: RowFacts[] = [];
    for (const entry of wanted) {
      const name = entry.fileName.split('/').at(-1) as string;
      let stream: Readable;
      try {
        stream = await openEntry(zip, entry);
      } catch {
        return fail(msg.imports.zipBroken);
      }
      const read = await readCsv(
        Readable.from(
          (async function* () {
            try {
              yield* capped(entry.fileName, entry.uncompressedSize, archive)(stream);
            } catch (err) {
              stream.destroy();
              if (err instanceof BadRequestError) throw err;
              // A corrupt deflate stream.
              throw new BadRequestError(msg.imports.zipBroken);
            }
          })(),
        ),
        name,
        budget,
        (format) => (format === 'letterboxd' ? onFormat(format) : fail(msg.imports.notRecognised)),
      );
      for (const r of read) rows.push(r);
    }
    return rows;
  } finally {
    zip.close();
  }
}

/** The key rows of one film share: the IMDb id, else the folded title and year. */
const keyOf = (r: RowFacts) =>
  r.imdbId ?? `${r.title.normalize('NFKC').toLocaleLowerCase('az').replace(/\s+/g, ' ')}\u0000${r.year ?? ''}`;

/** Merges the rows of each film: watched wins over the watchlist, the weightiest rating and day win. */
function merge(rows: RowFacts[]): { items: ImportItem[]; skipped: number } {
  const byKey = new Map<string, { item: ImportItem; ratingWeight: string; dateWeight: number }>();
  let skipped = 0;
  for (const r of rows) {
    if (r === SKIPPED) {
      skipped++;
      continue;
    }
    const key = keyOf(r);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        item: {
          title: r.title,
          year: r.year,
          imdbId: r.imdbId,
          status: r.status,
          rating: r.rating,
          watchedOn: r.watchedOn,
          ...r.extra,
        },
        ratingWeight: r.rating === null ? '' : r.ratingWeight,
        dateWeight: r.watchedOn === null ? 0 : r.dateWeight,
      });
      continue;
    }
    const it = seen.item;
    if (r.status === 'watched') it.status = 'watched';
    if (r.rating !== null && r.ratingWeight >= seen.ratingWeight) {
      it.rating = r.rating;
      seen.ratingWeight = r.ratingWeight;
    }
    if (r.watchedOn !== null) {
      const better =
        r.dateWeight > seen.dateWeight || (r.dateWeight === seen.dateWeight && r.watchedOn > (it.watchedOn ?? ''));
      if (better) {
        it.watchedOn = r.watchedOn;
        seen.dateWeight = r.dateWeight;
      }
    }
  }
  return { items: [...byKey.values()].map((v) => v.item), skipped };
}

/**
 * A file's bytes a slice at a time: the CSV parser reads each chunk it is given through before it
 * looks at how many rows it already has, so one 10 MB chunk past the row limit was parsed whole
 * (and held) before being refused.
 */
function* slices(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Reads an uploaded export, whole and checked. `fileName` is the name the browser sent (a single
 * Letterboxd CSV of watched.csv's layout is a watchlist when its name says so).
 */
export async function parseImportFile(bytes: Buffer, fileName: string): Promise<ParsedImport> {
  const budget: RowBudget = { rows: 0 };
  let format: ImportFormat | undefined;
  const onFormat = (f: ImportFormat) => {
    format ??= f;
  };
  const rows = isZip(bytes)
    ? await readZip(bytes, budget, onFormat)
    : await readCsv(Readable.from(slices(bytes)), baseName(fileName), budget, onFormat);
  const { items, skipped } = merge(rows);
  if (items.length === 0) fail(msg.imports.empty);
  return { format: format as ImportFormat, items, skipped };
}

const baseName = (name: string) => name.split(/[\\/]/).at(-1) || 'file.csv';
