import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { toCatalogueGenres } from '@kinodost/contracts/genres';
import { YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { Db } from '../../../db/client';
import { catalogueIsEmpty, type FilmValues, insertUnmatchedFilms } from '../films.repository';

/** One film of vega-datasets' movies.json (3,201 real films with their US release facts). */
export interface VegaMovie {
  Title: string | number | null;
  'Release Date': string | null;
  'Major Genre': string | null;
  'Creative Type': string | null;
  Director: string | null;
  'Running Time min': number | null;
  'IMDB Rating': number | null;
  'MPAA Rating': string | null;
  Distributor: string | null;
}

/** The dataset as the vega-datasets package ships it (its exports hide the data folder, so resolve beside its entry point). */
export async function readVegaMovies(): Promise<VegaMovie[]> {
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  const file = path.join(path.dirname(entry), '..', 'data', 'movies.json');
  return JSON.parse(await readFile(file, 'utf8')) as VegaMovie[];
}

/** The newest films the dataset holds came out in 2011. */
const DATASET_NEWEST_YEAR = 2011;

/**
 * Text the dataset stored as Windows-1252 bytes read as Mac Roman: `AmÈlie` for Amélie, `pi˘` for
 * più, `2Ω` for 2½. Text with a character Mac Roman lacks (`Alien³`) is as written; one whose
 * characters read the same both ways (`Ri¢hie Ri¢h`) is unchanged by the round trip.
 */
function fromMacRomanMisreading(text: string): string {
  if (!/[^ -~]/.test(text)) return text;
  const bytes = iconv.encode(text, 'macintosh');
  return iconv.decode(bytes, 'macintosh') === text ? iconv.decode(bytes, 'win1252') : text;
}

/**
 * A film's title and year as the dataset should have given them. Its release dates were read with
 * two-digit years: 1946's *Duel in the Sun* is dated 2046, *Gone with the Wind* 2039, so a year
 * past the dataset's newest is a century early. A few titles are filed by their article
 * ("Secret, The"), which goes back in front, and a few lost their accents to a misread code page.
 */
export function vegaTitleAndYear(m: VegaMovie): { title: string; year: number | null } {
  const filed = fromMacRomanMisreading(String(m.Title ?? '').trim());
  const title = filed.replace(/^(.+), (The|A|An)$/, '$2 $1').slice(0, 200);
  const read = Number(m['Release Date']?.match(/\b(18|19|20)\d{2}\b/)?.[0]);
  const year = read > DATASET_NEWEST_YEAR ? read - 100 : read;
  return { title, year: year >= YEAR_MIN && year <= YEAR_MAX ? year : null };
}

/** Arbitrary constant naming the lock that keeps two starting processes from loading it twice. */
const CATALOGUE_LOCK_KEY = 727275;

/** Rows per insert: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 500;

/** The films of the dataset that the vega-datasets package ships, as catalogue films. */
export async function readBundledCatalogue(): Promise<FilmValues[]> {
  const raw = await readVegaMovies();
  const seen = new Set<string>();
  const out: FilmValues[] = [];
  for (const m of raw) {
    const { title, year } = vegaTitleAndYear(m);
    const key = `${title.toLowerCase()}|${year}`;
    if (!title || seen.has(key)) continue;
    seen.add(key);
    const runtime = m['Running Time min'];
    out.push({
      title,
      year,
      directors: m.Director?.trim() ? [m.Director.trim()] : [],
      genres: toCatalogueGenres([m['Major Genre'], m['Creative Type']].filter((g): g is string => !!g)),
      runtime: runtime && runtime > 0 && runtime <= 6000 ? Math.round(runtime) : null,
      source: 'catalogue',
    });
  }
  return out;
}

/**
 * Loads the bundled catalogue into an install whose catalogue is empty (its first start, or the
 * first after its members' entries were linked to member films, which it then leaves as they
 * are rather than doubling them), in one
 * transaction: a start that fails half-way leaves no half catalogue, and two processes starting
 * together on one PostgreSQL load it once (the second waits on the lock, then finds it full).
 * Answers how many films it added (0 when the catalogue had films).
 */
export async function loadBundledCatalogue(db: Db): Promise<number> {
  if (!(await catalogueIsEmpty(db))) return 0;
  const films = await readBundledCatalogue();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    if (!(await catalogueIsEmpty(tx as unknown as Db))) return 0;
    let added = 0;
    for (let i = 0; i < films.length; i += BATCH) {
      added += await insertUnmatchedFilms(tx as unknown as Db, films.slice(i, i + BATCH));
    }
    return added;
  });
}
