import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { AdminStats, AdminStatsQuery } from '@kinodost/contracts/schemas/stats';
import { bearer } from '../../lib/route-helpers';
import { dailyActivity, totals } from './stats.repository';

/** The chart covers the last 30 days unless `days` asks for 7 or 90. */
const SERIES_DAYS = 30;

/** GET /api/stats/admin: the admin overview's counts and activity series. */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: AdminStatsQuery,
        response: { 200: AdminStats, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const days = request.query.days ?? SERIES_DAYS;
      const [t, series] = await Promise.all([totals(app.database.db), dailyActivity(app.database.db, days)]);
      return {
        userCount: t.users,
        pendingCommentCount: t.pendingComments,
        movieCount: t.movies,
        filmCount: t.films,
        commentCount: t.comments,
        activeToday: t.activeToday,
        activeThisWeek: t.activeThisWeek,
        series,
      };
    },
  );
};
