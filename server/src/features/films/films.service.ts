import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import * as repo from './films.repository';

/** The rules of the shared film catalogue (docs/catalogue.md). */
export const createFilmsService = (db: Db) => ({
  /** Ranked catalogue search; a query of blanks alone is refused like an empty one. */
  search(query: string, page: { page: number; limit: number }) {
    const q = query.trim();
    if (!q) throw new ValidationError(msg.films.badQuery, { q: msg.films.badQuery });
    return repo.searchFilms(db, q, page);
  },

  async get(id: string) {
    const film = await repo.findFilm(db, id);
    if (!film) throw new NotFoundError(msg.films.notFound);
    return film;
  },
});
export type FilmsService = ReturnType<typeof createFilmsService>;
