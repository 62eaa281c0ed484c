import { toCatalogueGenres } from '@kinodost/contracts/genres';
import type { Db } from '../../db/client';
import { NotFoundError, UnavailableError, ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import { type TmdbClient, TmdbNotFoundError, TmdbUnavailableError } from './catalogue/tmdb';
import * as repo from './films.repository';

/** A film's facts as a member's entry form gives them (PUT and POST /api/movies). */
export interface FilmFacts {
  title?: string;
  year?: number | null;
  genres?: string[];
  director?: string | null;
  overview?: string | null;
  poster_url?: string | null;
}

/** Who is acting on a film. */
export interface FilmActor {
  id: string;
  isAdmin: boolean;
}

/** The facts given, trimmed, blank text as null, genres mapped onto the catalogue's list. */
function normalise(facts: FilmFacts): Partial<repo.FilmValues> {
  const values: Partial<repo.FilmValues> = {};
  if (facts.title !== undefined) {
    const title = facts.title.trim();
    if (!title) throw new ValidationError(msg.movies.blankTitle, { title: msg.movies.blankTitle });
    values.title = title;
  }
  const optionalText = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  if (facts.year !== undefined) values.year = facts.year;
  if (facts.genres !== undefined) values.genres = toCatalogueGenres(facts.genres);
  if (facts.director !== undefined) {
    const director = optionalText(facts.director);
    values.directors = director ? [director] : [];
  }
  if (facts.overview !== undefined) values.overview = optionalText(facts.overview);
  if (facts.poster_url !== undefined) values.posterUrl = optionalText(facts.poster_url);
  return values;
}

/** The values that differ from the film's (an entry form sends every field back as it got it). */
function changes(film: repo.FilmData, values: Partial<repo.FilmValues>): Partial<repo.FilmValues> {
  const out: Partial<repo.FilmValues> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (values.title !== undefined && values.title !== film.title) out.title = values.title;
  if (values.year !== undefined && values.year !== film.year) out.year = values.year;
  if (values.genres !== undefined && !same(values.genres, film.genres)) out.genres = values.genres;
  // An entry shows the first director only: the same first director is no change.
  if (values.directors !== undefined && !same(values.directors[0], film.directors[0])) {
    out.directors = values.directors;
  }
  if (values.overview !== undefined && values.overview !== film.overview) out.overview = values.overview;
  if (values.posterUrl !== undefined && values.posterUrl !== film.posterUrl) out.posterUrl = values.posterUrl;
  return out;
}

export interface FilmsDeps {
  db: Db;
  /** TMDB, when TMDB_API_KEY is set. */
  tmdb?: TmdbClient;
  /** Calls to TMDB per member. */
  tmdbThrottle: Throttle;
}

/** TMDB's failures as the member reads them. */
async function askTmdb<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TmdbNotFoundError) throw new NotFoundError(msg.films.tmdbNotFound);
    if (err instanceof TmdbUnavailableError) throw new UnavailableError(msg.films.tmdbDown);
    throw err;
  }
}

/** The rules of the shared film catalogue (docs/catalogue.md). */
export const createFilmsService = ({ db, tmdb, tmdbThrottle }: FilmsDeps) => {
  const tmdbFor = async (memberId: string) => {
    if (!tmdb) throw new NotFoundError(msg.films.tmdbOff);
    await tmdbThrottle.hit(memberId);
    return tmdb;
  };
  const query = (raw: string) => {
    const q = raw.trim();
    if (!q) throw new ValidationError(msg.films.badQuery, { q: msg.films.badQuery });
    return q;
  };

  return {
    /** Ranked catalogue search; a query of blanks alone is refused like an empty one. */
    search(raw: string, page: { page: number; limit: number }) {
      return repo.searchFilms(db, query(raw), page);
    },

    async get(id: string) {
      const film = await repo.findFilm(db, id);
      if (!film) throw new NotFoundError(msg.films.notFound);
      return film;
    },

    /** TMDB's films for the query, each with the catalogue's film of it when there is one. */
    async searchTmdb(memberId: string, raw: string) {
      const q = query(raw);
      const client = await tmdbFor(memberId);
      const found = await askTmdb(() => client.search(q));
      const known = await repo.filmIdsByTmdbId(
        db,
        found.map((c) => c.tmdbId),
      );
      return found.map((c) => ({ ...c, filmId: known.get(c.tmdbId) ?? null }));
    },

    /** Brings a TMDB film into the catalogue (or finds it there) with its poster. */
    async importFromTmdb(memberId: string, tmdbId: number) {
      const client = await tmdbFor(memberId);
      return repo.storeTmdbFilm(db, await askTmdb(() => client.details(tmdbId)));
    },

    /**
     * The film a member's entry by title is of: the film of the same folded title and a year within
     * one, else a member film made from the facts, which that member then may edit.
     */
    async forEntry(creatorId: string, facts: FilmFacts & { title: string }) {
      const values = normalise(facts);
      const found = await repo.findMatchingFilm(db, values.title as string, values.year ?? null);
      if (found) return found;
      return repo.insertFilm(db, { ...values, title: values.title as string, source: 'member', createdBy: creatorId });
    },

    /**
     * Changes a film's facts from an entry's form. Facts equal to the film's are no change; others
     * change a member film for its maker (or an admin), and are refused for any other film.
     * Answers the film and whether it changed.
     */
    async changeFacts(actor: FilmActor, id: string, facts: FilmFacts) {
      const film = await repo.findFilm(db, id);
      if (!film) throw new NotFoundError(msg.films.notFound);
      const changed = changes(film, normalise(facts));
      if (Object.keys(changed).length === 0) return { film, changed: false };
      const mayEdit = actor.isAdmin || (film.source === 'member' && film.createdBy === actor.id);
      if (!mayEdit) throw new ValidationError(msg.movies.filmFactsLocked);
      return { film: (await repo.updateFilm(db, id, changed)) ?? film, changed: true };
    },
  };
};
export type FilmsService = ReturnType<typeof createFilmsService>;
