import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import type { CreateMovieBody, MovieListQuery, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { insertActivity, type NewActivity } from '../feed';
import type { FilmsService } from '../films';
import { hiddenOwnersFor, mayViewerSee } from '../privacy';
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

/**
 * The feed item an entry's change makes, if any (docs/feed.md): a new entry is watched (with its
 * rating) or on the watchlist; a change of status says the same of the new status; otherwise a
 * new rating is `rated`. Clearing a rating, or a change of date alone, makes none.
 */
function entryActivity(
  ownerId: string,
  movieId: string,
  before: { status: 'watched' | 'watchlist'; rating: number | null } | undefined,
  values: Partial<repo.EntryValues>,
): NewActivity | undefined {
  const status = values.status ?? before?.status ?? 'watchlist';
  const rating = values.rating !== undefined ? values.rating : (before?.rating ?? null);
  const base = { actorId: ownerId, movieId };
  if (!before || before.status !== status) {
    return status === 'watched' ? { ...base, type: 'watched', rating } : { ...base, type: 'watchlist' };
  }
  if (values.rating !== undefined && rating !== null && rating !== before.rating) {
    return { ...base, type: 'rated', rating };
  }
  return undefined;
}

/** The film facts of an entry body (title to poster_url), as the films service takes them. */
const filmFacts = ({ rating: _r, status: _s, watched_at: _w, ...facts }: UpdateMovieBody) => facts;

export interface MoviesDeps {
  db: Db;
  /** Raised after a commit: lists drop from the response cache, feed items go out live. */
  bus: EventBus;
  /** An entry is for a catalogue film: found, or made from the entry's facts. */
  films: FilmsService;
}

/** Members' entries for films (docs/catalogue.md "Entries"). */
export const createMoviesService = ({ db, bus, films }: MoviesDeps) => {
  const changed = (ownerId: string) => bus.emit('movies:changed', { ownerId });
  /** After the commit: the item goes out live. */
  const announce = (activityId: string | undefined) => {
    if (activityId) bus.emit('activity:created', { id: activityId });
  };
  /** Writes an entry change and the activity it causes in the caller's transaction. */
  const writeWithActivity = async <T extends { id: string }>(
    tx: Db,
    ownerId: string,
    before: { status: 'watched' | 'watchlist'; rating: number | null } | undefined,
    values: Partial<repo.EntryValues>,
    write: (tx: Db) => Promise<T | undefined>,
  ) => {
    const row = await write(tx);
    const activity = row && entryActivity(ownerId, row.id, before, values);
    return { row, activityId: activity ? await insertActivity(tx, activity) : undefined };
  };

  /** Writes an entry's change and the feed item it makes in one transaction of their own. */
  const withActivity = <T extends { id: string }>(
    ownerId: string,
    before: { status: 'watched' | 'watchlist'; rating: number | null } | undefined,
    values: Partial<repo.EntryValues>,
    write: (tx: Db) => Promise<T | undefined>,
  ) => db.transaction((txRaw) => writeWithActivity(txRaw as unknown as Db, ownerId, before, values, write));

  /**
   * The movie if the actor may change it: its owner, or an admin who may see it (moderation does not
   * reach into a collection hidden from them, docs/social.md "Privacy"); 404 otherwise, so others'
   * movies are not probed (docs/product.md#api-shape).
   */
  const ownedMovie = async (actor: Actor, id: string) => {
    const movie = await repo.findMovie(db, id);
    const mayChange =
      movie &&
      (movie.ownerId === actor.id || (actor.isAdmin && (await mayViewerSee(db, actor.id, movie.owner, 'collection'))));
    if (!mayChange) throw new NotFoundError(msg.movies.notFound);
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
          .withFilmHeld(filmId, (tx) =>
            writeWithActivity(tx, actor.id, undefined, values, (t) => repo.insertMovie(t, actor.id, filmId, values)),
          )
          .catch((err: unknown) => {
            if (uniqueViolation(err) === 'movies_owner_film_key') throw new ConflictError(msg.movies.duplicate);
            throw err;
          });
      let written: Awaited<ReturnType<typeof insertFor>>;
      if ('film_id' in body) {
        written = await insertFor((await films.get(body.film_id)).id);
      } else {
        for (let attempt = 0; attempt < 3 && !written?.row; attempt++) {
          written = await insertFor((await films.forEntry(actor.id, { ...filmFacts(body), title: body.title })).id);
        }
      }
      const row = written?.row;
      if (!row) throw new NotFoundError(msg.films.notFound);
      changed(actor.id);
      announce(written?.activityId);
      // Gone already when the member's account was deleted meanwhile (the deletion cascades).
      const created = await repo.findMovie(db, row.id);
      if (!created) throw new NotFoundError(msg.movies.notFound);
      return created;
    },

    async get(id: string) {
      const movie = await repo.findMovie(db, id);
      if (!movie) throw new NotFoundError(msg.movies.notFound);
      return movie;
    },

    /** An entry as `viewerId` (null: a visitor) may see it: 404 when its owner's collection is hidden from them. */
    async getFor(viewerId: string | null, id: string) {
      const movie = await repo.findMovie(db, id);
      if (!movie || !(await mayViewerSee(db, viewerId, movie.owner, 'collection'))) {
        throw new NotFoundError(msg.movies.notFound);
      }
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
      const values = entryValues(body, movie);
      // Gone meanwhile: deleted, or dropped by an admin's merge of its film into another the member has.
      const { row, activityId } = await withActivity(movie.ownerId, movie, values, (tx) =>
        repo.updateMovie(tx, id, values),
      );
      const after = row && (await repo.findMovie(db, id));
      if (!after) throw new NotFoundError(msg.movies.notFound);
      changed(movie.ownerId);
      announce(activityId);
      return after;
    },

    async remove(actor: Actor, id: string) {
      const movie = await ownedMovie(actor, id);
      if (!(await repo.deleteMovie(db, id))) throw new NotFoundError(msg.movies.notFound);
      changed(movie.ownerId);
    },

    /** One page of a member's movies, without the owner (movies.mappers.ts toOwnedMovie). */
    listOf: (ownerId: string, q: MovieListQuery) => repo.listMoviesOf(db, ownerId, q),

    /** Everyone's entries matching the query, without those of members whose collection is hidden from the viewer. */
    async search(viewerId: string, query: string, page: { page: number; limit: number }) {
      const q = query.trim();
      // Characters as the schema counts them (code points): an emoji is one, not two.
      if (!q || [...q].length > SEARCH_QUERY_MAX)
        throw new ValidationError(msg.movies.badQuery, { query: msg.movies.badQuery });
      return repo.searchMovies(db, q, page, await hiddenOwnersFor(db, viewerId));
    },

    /** A film's page: how members took it, the viewer's own entry, and their friends' entries. */
    filmStats: (filmId: string) => repo.filmStats(db, filmId),
    entryOf: (ownerId: string, filmId: string) => repo.findEntryOf(db, ownerId, filmId),
    filmsHeldBy: (ownerId: string, filmIds: string[]) => repo.filmsHeldBy(db, ownerId, filmIds),
    friendsEntriesOf: (viewerId: string, filmId: string) => repo.friendsEntriesOf(db, viewerId, filmId),
  };
};
export type MoviesService = ReturnType<typeof createMoviesService>;
