import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { IdParams } from '@kinodost/contracts/schemas/common';
import { Film, FilmSearchQuery, FilmSearchResult } from '@kinodost/contracts/schemas/films';
import { paged } from '../../lib/route-helpers';
import { toFilm } from './films.mappers';
import type { FilmsService } from './films.service';

const errors = { 400: ErrorBody, 404: ErrorBody };

/** The shared film catalogue, public (docs/catalogue.md). */
export const filmsRoutes: FastifyPluginAsyncTypebox<{ films: FilmsService }> = async (app, { films }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['films'],
        description:
          'Searches the film catalogue by title, original title and director; blind to case and Azerbaijani diacritics, tolerant of a small typo, ranked (a whole-title match first). `total` is capped at 1000.',
        querystring: FilmSearchQuery,
        response: { 200: FilmSearchResult, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await films.search(request.query.q, request.query);
      return paged(
        rows.map((r) => ({ ...toFilm(r), score: r.score })),
        total,
        request.query,
      );
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['films'], params: IdParams, response: { 200: Film, ...errors } } },
    async (request) => toFilm(await films.get(request.params.id)),
  );
};
