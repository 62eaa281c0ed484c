import { GENRES_MAX } from './limits';

/**
 * The catalogue's genres: one list of Azerbaijani names, shared by the server (which maps the
 * English genres of every source onto it) and the web app (which offers it in forms). See
 * docs/catalogue.md.
 */
export const GENRES = [
  'Bioqrafik',
  'Cizgi filmi',
  'Dəhşət',
  'Detektiv',
  'Döyüş',
  'Dram',
  'Ailə',
  'Fantastika',
  'Fantaziya',
  'İdman',
  'Komediya',
  'Kriminal',
  'Macəra',
  'Melodram',
  'Musiqi',
  'Musiqili',
  'Müharibə',
  'Qısametrajlı',
  'Sənədli',
  'Superqəhrəman',
  'Tarixi',
  'Triller',
  'Vestern',
] as const;
export type Genre = (typeof GENRES)[number];

/**
 * English genre names as IMDb, TMDB and vega-datasets write them (lower case), and the
 * catalogue's genres they become. A name that is not here is dropped: it names a kind of
 * production ("Factual", "TV Movie", "Reality-TV"), not a genre a member would filter by.
 */
export const GENRES_FROM_ENGLISH: Record<string, readonly Genre[]> = {
  action: ['Döyüş'],
  adventure: ['Macəra'],
  animation: ['Cizgi filmi'],
  biography: ['Bioqrafik'],
  'black comedy': ['Komediya'],
  comedy: ['Komediya'],
  'concert/performance': ['Musiqi'],
  crime: ['Kriminal'],
  documentary: ['Sənədli'],
  drama: ['Dram'],
  family: ['Ailə'],
  fantasy: ['Fantaziya'],
  'film-noir': ['Kriminal'],
  'historical fiction': ['Tarixi'],
  history: ['Tarixi'],
  horror: ['Dəhşət'],
  'kids fiction': ['Ailə'],
  music: ['Musiqi'],
  musical: ['Musiqili'],
  mystery: ['Detektiv'],
  romance: ['Melodram'],
  'romantic comedy': ['Komediya', 'Melodram'],
  'sci-fi': ['Fantastika'],
  'science fiction': ['Fantastika'],
  short: ['Qısametrajlı'],
  sport: ['İdman'],
  'super hero': ['Superqəhrəman'],
  thriller: ['Triller'],
  'thriller/suspense': ['Triller'],
  war: ['Müharibə'],
  western: ['Vestern'],
};

const KNOWN = new Set<string>(GENRES);
/** The catalogue's names by their lower case (Azerbaijani rules: İ/i, I/ı), for a form's typing. */
const BY_LOWER_CASE = new Map<string, Genre>(GENRES.map((g) => [g.toLocaleLowerCase('az'), g]));

/**
 * The catalogue's genre a member typed (its name in any case, or an English name), if any: what a
 * form sends. toCatalogueGenres, which the server applies and migration 0013 mirrors in SQL, takes
 * the catalogue's names only as written.
 */
export function catalogueGenre(raw: string): Genre | undefined {
  const name = raw.trim();
  return BY_LOWER_CASE.get(name.toLocaleLowerCase('az')) ?? GENRES_FROM_ENGLISH[name.toLowerCase()]?.[0];
}

/**
 * The catalogue's genres for the names a source gives (English or already Azerbaijani), each
 * once, in the order first named, at most five.
 */
export function toCatalogueGenres(names: Iterable<string>): Genre[] {
  const out: Genre[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const mapped = KNOWN.has(name) ? [name as Genre] : (GENRES_FROM_ENGLISH[name.toLowerCase()] ?? []);
    for (const g of mapped) if (!out.includes(g)) out.push(g);
  }
  return out.slice(0, GENRES_MAX);
}
