import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import { IdParams, MessageReply, PageQuery } from '@kinodost/contracts/schemas/common';
import {
  CreateMovieBody,
  Movie,
  MovieList,
  MovieListQuery,
  MovieSearchResult,
  UpdateMovieBody,
  UserMovieList,
} from '@kinodost/contracts/schemas/movies';
import { Type } from 'typebox';
import { NotFoundError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { bearer, currentUser, paged } from '../../lib/route-helpers';
import { peopleTag } from '../friends';
import { mayViewerSee } from '../privacy';
import { findUserById } from '../users';
import { invalidateMovies, moviesTag } from './movies.cache';
import { toMovie, toOwnedMovie } from './movies.mappers';
import type { MovieOwner } from './movies.repository';
import type { MoviesService } from './movies.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Members' movie collections and search (docs/product.md#films-and-movies). */
export const moviesRoutes: FastifyPluginAsyncTypebox<{ movies: MoviesService }> = async (app, { movies }) => {
  invalidateMovies(app);
  /** A page of one member's movies, each carrying that member as its owner. */
  const pageOf = async (owner: MovieOwner, query: MovieListQuery) => {
    const { rows, total } = await movies.listOf(owner.id, query);
    return paged(
      rows.map((m) => toOwnedMovie(m, owner)),
      total,
      query,
    );
  };

  app.get(
    '/',
    {
      onRequest: app.requireMember,
      config: { cacheTags: (request) => [moviesTag(currentUser(request).id)] },
      schema: {
        tags: ['movies'],
        security: bearer,
        querystring: MovieListQuery,
        response: { 200: MovieList, ...errors },
      },
    },
    async (request) => pageOf(currentUser(request), request.query),
  );

  app.get(
    '/search/:query',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['movies'],
        security: bearer,
        description:
          "Searches every member's movies by title, director and genre; blind to case and Azerbaijani diacritics, tolerant of a small typo, ranked. `total` is capped at 1000.",
        params: Type.Object({ query: Type.String({ maxLength: SEARCH_QUERY_MAX }) }),
        querystring: PageQuery,
        response: { 200: MovieSearchResult, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await movies.search(currentUser(request).id, request.params.query, request.query);
      return paged(
        rows.map((r) => ({ ...toMovie(r), score: r.score })),
        total,
        request.query,
      );
    },
  );

  app.get(
    '/user/:id',
    {
      onRequest: app.identify,
      // Whether the caller may see it also turns on the owner's friendships and blocks (people:).
      config: {
        cacheTags: (request) => {
          const { id } = request.params as { id: string };
          return [moviesTag(id), peopleTag(id)];
        },
      },
      schema: {
        tags: ['movies'],
        description:
          'A member’s collection. To a caller the member’s visibility does not admit (docs/social.md "Privacy"): `{success: true, data: [], total: 0, hidden: true}`.',
        params: IdParams,
        querystring: MovieListQuery,
        response: { 200: UserMovieList, ...errors },
      },
    },
    async (request) => {
      const owner = await findUserById(app.database.db, request.params.id);
      if (!owner) throw new NotFoundError(msg.users.notFound);
      if (!(await mayViewerSee(app.database.db, request.user?.id ?? null, owner, 'collection'))) {
        return { ...paged([], 0, request.query), hidden: true as const };
      }
      return pageOf(owner, request.query);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: ['movies'],
        description: 'One entry; 404 to a caller who may not see its owner’s collection.',
        params: IdParams,
        response: { 200: Movie, ...errors },
      },
    },
    async (request) => toMovie(await movies.getFor(request.user?.id ?? null, request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['movies'],
        security: bearer,
        description:
          'Adds an entry: for a catalogue film (`film_id`), or by title, linked to the film of the same folded title and a year within one (a member film made from the body when none). A second entry of one film answers 409.',
        body: CreateMovieBody,
        response: { 201: Movie, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(toMovie(await movies.create(currentUser(request), request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['movies'],
        security: bearer,
        params: IdParams,
        body: UpdateMovieBody,
        response: { 200: Movie, ...errors },
      },
    },
    async (request) => toMovie(await movies.update(currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireMember,
      schema: { tags: ['movies'], security: bearer, params: IdParams, response: { 200: MessageReply, ...errors } },
    },
    async (request) => {
      await movies.remove(currentUser(request), request.params.id);
      return { success: true as const, message: msg.movies.deleted };
    },
  );
};
