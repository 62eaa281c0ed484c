import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { IdParams } from '@kinodost/contracts/schemas/common';
import {
  AdminFilmList,
  AdminFilmListQuery,
  AdminUpdateFilmBody,
  Film,
  FilmPage,
  FilmSearchQuery,
  FilmSearchResult,
  MergeFilmBody,
  TmdbParams,
  TmdbSearchQuery,
  TmdbSearchResult,
} from '@kinodost/contracts/schemas/films';
import { readPosterUpload, refuseOversizePoster } from '../../lib/image-upload';
import { bearer, currentUser, paged } from '../../lib/route-helpers';
import { type MoviesService, toMovie } from '../movies';
import { avatarUrl } from '../users';
import { toFilm } from './films.mappers';
import type { FilmsService } from './films.service';

const errors = { 400: ErrorBody, 404: ErrorBody };
const memberErrors = { ...errors, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/** The shared film catalogue, public (docs/catalogue.md). */
export const filmsRoutes: FastifyPluginAsyncTypebox<{ films: FilmsService; movies: MoviesService }> = async (
  app,
  { films, movies },
) => {
  app.get(
    '/search',
    {
      onRequest: app.identify,
      schema: {
        tags: ['films'],
        description:
          "Searches the film catalogue by title, original title and director; blind to case and Azerbaijani diacritics, tolerant of a small typo, ranked (a whole-title match first). `total` is capped at 1000. Signed in, each hit also says whether it is in the caller's collection (`in_collection`).",
        querystring: FilmSearchQuery,
        response: { 200: FilmSearchResult, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await films.search(request.query.q, request.query);
      const viewer = request.user;
      const held = viewer
        ? await movies.filmsHeldBy(
            viewer.id,
            rows.map((r) => r.id),
          )
        : undefined;
      return paged(
        rows.map((r) => ({ ...toFilm(r), score: r.score, ...(held ? { in_collection: held.has(r.id) } : {}) })),
        total,
        request.query,
      );
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: ['films'],
        description:
          "The film and how members took it; signed in, also the caller's own entry (`mine`, null when none) and their friends' entries.",
        params: IdParams,
        response: { 200: FilmPage, ...errors },
      },
    },
    async (request) => {
      // In turn rather than all at once: at once saved a quiet server two round trips and cost a
      // saturated one about 7% of its film pages a second (docs/benchmarks.md, "Measurements behind the code").
      const film = await films.get(request.params.id);
      const stats = await movies.filmStats(film.id);
      const page = {
        ...toFilm(film),
        stats: {
          watched: stats.watched,
          watchlist: stats.watchlist,
          rating_avg: stats.ratingAvg,
          rating_count: stats.ratingCount,
        },
      };
      const viewer = request.user;
      if (!viewer) return page;
      const [mine, friends] = await Promise.all([
        movies.entryOf(viewer.id, film.id),
        movies.friendsEntriesOf(viewer.id, film.id),
      ]);
      return {
        ...page,
        mine: mine ? toMovie(mine) : null,
        can_upload_poster: films.mayUploadPoster({ id: viewer.id, isAdmin: viewer.isAdmin }, film),
        friends: friends.map((m) => ({
          user: { id: m.owner.id, username: m.owner.username, avatar_url: avatarUrl(m.owner.avatar) },
          status: m.status,
          rating: m.rating,
          watched_at: m.watchedAt ? m.watchedAt.toISOString() : null,
        })),
      };
    },
  );

  app.get(
    '/tmdb/search',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['films'],
        security: bearer,
        description:
          "Searches TMDB (when this server has TMDB_API_KEY; 404 otherwise). Each hit names the catalogue's film of it, if any.",
        querystring: TmdbSearchQuery,
        response: { 200: TmdbSearchResult, ...memberErrors },
      },
    },
    async (request) => {
      const found = await films.searchTmdb(currentUser(request).id, request.query.q);
      return {
        success: true as const,
        data: found.map((c) => ({
          tmdb_id: c.tmdbId,
          title: c.title,
          original_title: c.originalTitle,
          year: c.year,
          overview: c.overview,
          poster_url: c.posterUrl,
          film_id: c.filmId,
        })),
      };
    },
  );

  app.post(
    '/tmdb/:tmdbId',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['films'],
        security: bearer,
        description:
          'Brings a TMDB film into the catalogue with its poster: 201 when new, 200 when the catalogue had it (then it gains what it lacked).',
        params: TmdbParams,
        response: { 200: Film, 201: Film, ...memberErrors },
      },
    },
    async (request, reply) => {
      const { film, created } = await films.importFromTmdb(currentUser(request).id, request.params.tmdbId);
      return reply.status(created ? 201 : 200).send(toFilm(film));
    },
  );

  app.post(
    '/:id/poster',
    {
      onRequest: [app.requireMember, refuseOversizePoster],
      config: { upload: { field: 'poster' } },
      schema: {
        tags: ['films'],
        security: bearer,
        consumes: ['multipart/form-data'],
        description:
          "multipart/form-data with one file field `poster`: JPEG, PNG, WebP or GIF, at most 5 MB and 25 megapixels, stored as a WebP at most 780 px wide. For a member film's maker, or an admin for any film; 404 for anyone else.",
        params: IdParams,
        response: { 200: Film, ...memberErrors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const upload = await readPosterUpload(request);
      return toFilm(await films.setPoster({ id: user.id, isAdmin: user.isAdmin }, request.params.id, upload));
    },
  );
};

const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The admins' work on the catalogue: listing, editing and merging films (docs/catalogue.md). */
export const adminFilmsRoutes: FastifyPluginAsyncTypebox<{ films: FilmsService }> = async (app, { films }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        description: 'The catalogue, newest first; with `q`, the films film search finds, ranked as it ranks them.',
        querystring: AdminFilmListQuery,
        response: { 200: AdminFilmList, ...adminErrors },
      },
    },
    async (request) => {
      const { rows, total } = await films.adminList(request.query.q, request.query);
      return paged(rows.map(toFilm), total, request.query);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        description:
          "Changes a film's facts; every entry of it shows them. Genres are mapped onto the catalogue's list; an unknown genre is refused (400), as is a poster address that is not https://.",
        params: IdParams,
        body: AdminUpdateFilmBody,
        response: { 200: Film, ...adminErrors },
      },
    },
    async (request) => toFilm(await films.adminUpdate(request.params.id, request.body)),
  );

  app.post(
    '/:id/merge',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        description:
          'Merges film {id} into film `into`, in one transaction: entries and comments move (a member holding both keeps the most recently updated entry), the kept film takes the facts and ids it lacked, and film {id} is deleted. Answers the kept film.',
        params: IdParams,
        body: MergeFilmBody,
        response: { 200: Film, ...adminErrors },
      },
    },
    async (request) => toFilm(await films.merge(request.params.id, request.body.into)),
  );
};
