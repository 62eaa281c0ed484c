import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { AdminStats } from '@kinodost/contracts/schemas/stats';
import { bearer } from '../../lib/route-helpers';
import { dailyActivity, totals } from './stats.repository';

/** The chart covers the last 30 days (issue 3). */
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
        response: { 200: AdminStats, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => {
      const [t, series] = await Promise.all([totals(app.database.db), dailyActivity(app.database.db, SERIES_DAYS)]);
      return { userCount: t.users, pendingCommentCount: t.pendingComments, movieCount: t.movies, series };
    },
  );
};
