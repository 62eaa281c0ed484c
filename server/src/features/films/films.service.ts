import { toCatalogueGenres } from '@kinodost/contracts/genres';
import type { AdminUpdateFilmBody } from '@kinodost/contracts/schemas/films';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { imageLimit, processPoster } from '../../lib/avatar-image';
import { isBlank } from '../../lib/blank';
import { pgErrorOf, uniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, UnavailableError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { type FileStore, isSafeName, newUploadName } from '../../lib/storage';
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

/** The first of the names that is no genre of the catalogue's list (nor an English name of one). */
const unknownGenre = (names: string[]) => names.find((g) => toCatalogueGenres([g]).length === 0);

/** The facts given, trimmed, blank text as null, genres mapped onto the catalogue's list (an unknown one refused). */
function normalise(facts: FilmFacts): Partial<repo.FilmValues> {
  const values: Partial<repo.FilmValues> = {};
  if (facts.title !== undefined) {
    const title = facts.title.trim();
    if (isBlank(title)) throw new ValidationError(msg.movies.blankTitle, { title: msg.movies.blankTitle });
    values.title = title;
  }
  const optionalText = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  if (facts.year !== undefined) values.year = facts.year;
  if (facts.genres !== undefined) {
    // A member names genres in a form that offers the catalogue's list: one it does not know is
    // refused, not silently dropped (English names, as other sources give them, are mapped).
    if (unknownGenre(facts.genres) !== undefined) {
      throw new ValidationError(msg.films.unknownGenre, { genres: msg.films.unknownGenre });
    }
    values.genres = toCatalogueGenres(facts.genres);
  }
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

/** Where an uploaded poster is served (plugins/storage.ts). */
export const POSTER_PATH = '/uploads/posters/';
export const posterUrlOf = (name: string) => `${POSTER_PATH}${name}`;
/** The file name of a poster this server stores, or null for any other address (TMDB's, an admin's). */
const uploadedPosterName = (url: string | null): string | null => {
  if (!url?.startsWith(POSTER_PATH)) return null;
  const name = url.slice(POSTER_PATH.length);
  return isSafeName(name) ? name : null;
};

/** An admin's edit (PUT /api/admin/films/{id}) as the film's values; refuses an unknown genre and a non-https poster. */
function adminValues(body: AdminUpdateFilmBody): Partial<repo.FilmValues> {
  const values: Partial<repo.FilmValues> = {};
  const text = (v: string | null) => v?.trim() || null;
  if (body.title !== undefined) {
    const title = body.title.trim();
    if (isBlank(title)) throw new ValidationError(msg.films.blankTitle, { title: msg.films.blankTitle });
    values.title = title;
  }
  if (body.original_title !== undefined) values.originalTitle = text(body.original_title);
  if (body.year !== undefined) values.year = body.year;
  if (body.directors !== undefined) values.directors = body.directors.map((d) => d.trim()).filter(Boolean);
  if (body.genres !== undefined) {
    // An admin names genres deliberately: one the catalogue's list does not know is refused, not dropped.
    const unknown = unknownGenre(body.genres);
    if (unknown !== undefined) {
      throw new ValidationError(msg.films.unknownGenre, { genres: msg.films.unknownGenreNamed(unknown) });
    }
    values.genres = toCatalogueGenres(body.genres);
  }
  if (body.runtime !== undefined) values.runtime = body.runtime;
  if (body.overview !== undefined) values.overview = text(body.overview);
  if (body.poster_url !== undefined) {
    const url = text(body.poster_url);
    if (url !== null && !/^https:\/\/[^\s/]+/.test(url)) {
      throw new ValidationError(msg.films.posterHttps, { poster_url: msg.films.posterHttps });
    }
    values.posterUrl = url;
  }
  return values;
}

/** Who may upload a film's poster: the maker of a member film, or an admin for any film. */
const mayUploadPoster = (actor: FilmActor, film: repo.FilmData): boolean =>
  actor.isAdmin || (film.source === 'member' && film.createdBy === actor.id);

export interface FilmsDeps {
  db: Db;
  /** Raised after a change to films, so members' cached lists of their entries drop (movies/movies.cache.ts). */
  bus: EventBus;
  /** Uploaded posters (plugins/storage.ts). */
  posters: FileStore;
  log: FastifyBaseLogger;
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
export const createFilmsService = ({ db, bus, posters, log, tmdb, tmdbThrottle }: FilmsDeps) => {
  /** The entries of these films show their facts: their owners' cached lists drop. */
  const changedOwners = (owners: string[]) => {
    for (const ownerId of owners) bus.emit('movies:changed', { ownerId });
  };
  const filmsChanged = async (ids: string[]) => changedOwners(await repo.ownersOfFilms(db, ids));
  /** Removes a poster file this server stored; a failure leaves an orphan file, never a broken film. */
  const removePoster = async (url: string | null) => {
    const name = uploadedPosterName(url);
    if (!name) return;
    await posters.remove(name).catch((err) => log.warn({ err, name }, 'could not remove poster file'));
  };
  const mustFind = async (id: string) => {
    const film = await repo.findFilm(db, id);
    if (!film) throw new NotFoundError(msg.films.notFound);
    return film;
  };

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
    mayUploadPoster,

    /**
     * Runs `write` (an entry's insert) holding the film, so that it cannot deadlock with a merge
     * of the film (films.repository.ts withFilmHeld); undefined when the film is gone.
     */
    withFilmHeld: <T>(filmId: string, write: (tx: Db) => Promise<T>) => repo.withFilmHeld(db, filmId, write),

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
      const title = values.title as string;
      // Two members adding one new title at once would each find nothing and make a film of it:
      // the look and the insert run under a lock on the folded title, so the second finds the first's.
      return db.transaction(async (tx) => {
        await repo.lockTitle(tx, title);
        const found = await repo.findMatchingFilm(tx, title, values.year ?? null);
        return found ?? repo.insertFilm(tx, { ...values, title, source: 'member', createdBy: creatorId });
      });
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

    /**
     * Stores an uploaded poster for a film (docs/catalogue.md "Posters"): a member film's maker, or
     * an admin for any film; anyone else is told the film does not exist (404, never 403).
     * The image is re-encoded to WebP; a poster this server stored before is removed.
     */
    async setPoster(actor: FilmActor, id: string, upload: Buffer) {
      const film = await repo.findFilm(db, id);
      if (!film || !mayUploadPoster(actor, film)) throw new NotFoundError(msg.films.notFound);
      const image = await imageLimit(() => processPoster(upload));
      const name = newUploadName();
      await posters.put(name, image);
      const after = await repo.updateFilm(db, id, { posterUrl: posterUrlOf(name) }).catch(async (err) => {
        await removePoster(posterUrlOf(name));
        throw err;
      });
      if (!after) {
        await removePoster(posterUrlOf(name));
        throw new NotFoundError(msg.films.notFound);
      }
      await filmsChanged([id]);
      await removePoster(film.posterUrl);
      return after;
    },

    /** The catalogue for admins: newest first, or as film search ranks a query. */
    adminList(q: string | undefined, page: { page: number; limit: number }) {
      const query = q?.trim();
      return query ? repo.searchFilms(db, query, page) : repo.listNewestFilms(db, page);
    },

    /** An admin's edit of any film's facts; its entries take them (migration 0013). */
    async adminUpdate(id: string, body: AdminUpdateFilmBody) {
      const before = await mustFind(id);
      const values = adminValues(body);
      if (Object.keys(values).length === 0) return before;
      const after = await repo.updateFilm(db, id, values);
      if (!after) throw new NotFoundError(msg.films.notFound);
      await filmsChanged([id]);
      if (values.posterUrl !== undefined && values.posterUrl !== before.posterUrl) await removePoster(before.posterUrl);
      return after;
    },

    /**
     * Merges film `id` into film `into` (docs/catalogue.md "Admin: edit and merge"); answers the
     * kept film. The merged film's uploaded poster is removed unless the kept film took it.
     */
    async merge(id: string, into: string) {
      if (id === into) throw new ValidationError(msg.films.mergeSelf, { into: msg.films.mergeSelf });
      const done = await repo.mergeFilms(db, id, into).catch((err: unknown) => {
        // The transaction rolled back whole. Its locks are taken in one order, so this is only a
        // write that did not hold them (a deadlock the database broke, or a lost serialisation).
        const code = pgErrorOf(err)?.code;
        if (code === '40P01' || code === '40001' || uniqueViolation(err)) throw new ConflictError(msg.films.mergeBusy);
        throw err;
      });
      if (!done) throw new NotFoundError(msg.films.notFound);
      changedOwners(done.owners);
      if (done.merged.posterUrl !== done.film.posterUrl) await removePoster(done.merged.posterUrl);
      return done.film;
    },
  };
};
export type FilmsService = ReturnType<typeof createFilmsService>;
