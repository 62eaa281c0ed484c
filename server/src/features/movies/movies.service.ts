import type { CreateMovieBody, MovieListQuery, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import * as repo from './movies.repository';

/** Who is acting: ownership decides, admins may change anything. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Trims text, turns blank optional text into null, dedupes genres, and keeps watched_at consistent with status. */
function normalise(body: UpdateMovieBody, current?: { status: 'watched' | 'watchlist'; watchedAt: Date | null }) {
  const values: Partial<repo.MovieValues> = {};
  if (body.title !== undefined) {
    const title = body.title.trim();
    if (!title) throw new ValidationError(msg.movies.blankTitle, { title: msg.movies.blankTitle });
    values.title = title;
  }
  const optionalText = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  if (body.director !== undefined) values.director = optionalText(body.director);
  if (body.overview !== undefined) values.overview = optionalText(body.overview);
  if (body.poster_url !== undefined) values.posterUrl = optionalText(body.poster_url);
  if (body.year !== undefined) values.year = body.year;
  if (body.rating !== undefined) values.rating = body.rating;
  if (body.genres !== undefined) {
    const seen = new Map<string, string>();
    for (const g of body.genres.map((x) => x.trim()).filter(Boolean)) seen.set(g.toLowerCase(), g);
    values.genres = [...seen.values()];
  }
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

export const createMoviesService = (db: Db, bus: EventBus) => {
  const changed = (ownerId: string) => bus.emit('movies:changed', { ownerId });

  /** The movie if the actor may change it; 404 otherwise, so others' movies are not probed (PRODUCT.md). */
  const ownedMovie = async (actor: Actor, id: string) => {
    const movie = await repo.findMovie(db, id);
    if (!movie || (movie.ownerId !== actor.id && !actor.isAdmin)) throw new NotFoundError(msg.movies.notFound);
    return movie;
  };

  return {
    async create(actor: Actor, body: CreateMovieBody) {
      const values = normalise(body) as repo.MovieValues;
      const row = await repo.insertMovie(db, actor.id, values);
      changed(actor.id);
      return (await repo.findMovie(db, row.id)) as repo.MovieWithOwner;
    },

    async get(id: string) {
      const movie = await repo.findMovie(db, id);
      if (!movie) throw new NotFoundError(msg.movies.notFound);
      return movie;
    },

    async update(actor: Actor, id: string, body: UpdateMovieBody) {
      const movie = await ownedMovie(actor, id);
      await repo.updateMovie(db, id, normalise(body, movie));
      changed(movie.ownerId);
      return (await repo.findMovie(db, id)) as repo.MovieWithOwner;
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
  };
};
export type MoviesService = ReturnType<typeof createMoviesService>;
