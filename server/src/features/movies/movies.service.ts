import type { CreateMovieBody, MovieListQuery, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import type { FilmsService } from '../films/films.service';
import * as repo from './movies.repository';

/** Who is acting: ownership decides, admins may change anything. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** The member's own part of an entry: rating, status and watched_at, kept consistent with each other. */
function entryValues(
  body: Pick<UpdateMovieBody, 'rating' | 'status' | 'watched_at'>,
  current?: { status: 'watched' | 'watchlist'; watchedAt: Date | null },
) {
  const values: Partial<repo.EntryValues> = {};
  if (body.rating !== undefined) values.rating = body.rating;
  const status = body.status ?? current?.status ?? 'watchlist';
  if (body.status !== undefined) values.status = body.status;
  if (body.watched_at !== undefined) values.watchedAt = body.watched_at ? new Date(body.watched_at) : null;
  // A film on the watchlist has not been watched; a newly watched one was watched now unless told otherwise.
  if (status === 'watchlist' && (body.status !== undefined || body.watched_at !== undefined)) values.watchedAt = null;
  if (status === 'watched' && body.status === 'watched' && values.watchedAt === undefined && !current?.watchedAt) {
    values.watchedAt = new Date();
  }
  return values;
}

/** The film facts of an entry body (title to poster_url), as the films service takes them. */
const filmFacts = ({ rating: _r, status: _s, watched_at: _w, ...facts }: UpdateMovieBody) => facts;

/** Members' entries for films (docs/catalogue.md "Entries"). */
export const createMoviesService = (db: Db, bus: EventBus, films: FilmsService) => {
  const changed = (ownerId: string) => bus.emit('movies:changed', { ownerId });

  /** The movie if the actor may change it; 404 otherwise, so others' movies are not probed (PRODUCT.md). */
  const ownedMovie = async (actor: Actor, id: string) => {
    const movie = await repo.findMovie(db, id);
    if (!movie || (movie.ownerId !== actor.id && !actor.isAdmin)) throw new NotFoundError(msg.movies.notFound);
    return movie;
  };

  return {
    /**
     * Adds an entry for a catalogue film, or for the film a title and year match (a member film
     * made from the body when none does). One entry per member and film: a second answers 409,
     * also when two adds race (the unique index decides).
     */
    async create(actor: Actor, body: CreateMovieBody) {
      const values = entryValues(body);
      // The film is held while the entry goes in: an admin merging it away meanwhile makes this a
      // 404 (by film_id) or a second look for the title's film, never a foreign-key error.
      const insertFor = (filmId: string) =>
        films
          .withFilmHeld(filmId, (tx) => repo.insertMovie(tx, actor.id, filmId, values))
          .catch((err: unknown) => {
            if (uniqueViolation(err) === 'movies_owner_film_key') throw new ConflictError(msg.movies.duplicate);
            throw err;
          });
      let row: { id: string } | undefined;
      if ('film_id' in body) {
        row = await insertFor((await films.get(body.film_id)).id);
      } else {
        for (let attempt = 0; attempt < 3 && !row; attempt++) {
          row = await insertFor((await films.forEntry(actor.id, { ...filmFacts(body), title: body.title })).id);
        }
      }
      if (!row) throw new NotFoundError(msg.films.notFound);
      changed(actor.id);
      return (await repo.findMovie(db, row.id)) as repo.MovieWithOwner;
    },

    async get(id: string) {
      const movie = await repo.findMovie(db, id);
      if (!movie) throw new NotFoundError(msg.movies.notFound);
      return movie;
    },

    /**
     * Changes an entry: rating, status and watched_at are the member's; the film's facts change the
     * film when the caller may edit it (FilmsService.changeFacts), and then every entry of it.
     */
    async update(actor: Actor, id: string, body: UpdateMovieBody) {
      const movie = await ownedMovie(actor, id);
      const facts = filmFacts(body);
      if (Object.keys(facts).length > 0) {
        const { changed: filmChanged } = await films.changeFacts(actor, movie.filmId, facts);
        if (filmChanged) for (const ownerId of await repo.ownersOfFilm(db, movie.filmId)) changed(ownerId);
      }
      // Gone meanwhile: deleted, or dropped by an admin's merge of its film into another the member has.
      const updated = await repo.updateMovie(db, id, entryValues(body, movie));
      const after = updated && (await repo.findMovie(db, id));
      if (!after) throw new NotFoundError(msg.movies.notFound);
      changed(movie.ownerId);
      return after;
    },

    async remove(actor: Actor, id: string) {
      const movie = await ownedMovie(actor, id);
      if (!(await repo.deleteMovie(db, id))) throw new NotFoundError(msg.movies.notFound);
      changed(movie.ownerId);
    },

    /** One page of a member's movies, without the owner (movies.mappers.ts toOwnedMovie). */
    listOf: (ownerId: string, q: MovieListQuery) => repo.listMoviesOf(db, ownerId, q),

    search(query: string, page: { page: number; limit: number }) {
      const q = query.trim();
      if (!q || q.length > 100) throw new ValidationError(msg.movies.badQuery, { query: msg.movies.badQuery });
      return repo.searchMovies(db, q, page);
    },

    /** A film's page: how members took it, the viewer's own entry, and their friends' entries. */
    filmStats: (filmId: string) => repo.filmStats(db, filmId),
    entryOf: (ownerId: string, filmId: string) => repo.findEntryOf(db, ownerId, filmId),
    friendsEntriesOf: (viewerId: string, filmId: string) => repo.friendsEntriesOf(db, viewerId, filmId),
  };
};
export type MoviesService = ReturnType<typeof createMoviesService>;
