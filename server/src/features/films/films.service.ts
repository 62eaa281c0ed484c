import type { Db } from '../../db/client';
import { NotFoundError, UnavailableError, ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { Throttle } from '../../lib/throttle';
import { type TmdbClient, TmdbNotFoundError, TmdbUnavailableError } from './catalogue/tmdb';
import * as repo from './films.repository';

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
  };
};
export type FilmsService = ReturnType<typeof createFilmsService>;
