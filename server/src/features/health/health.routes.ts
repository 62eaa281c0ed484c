import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { HealthReply } from '@kinodost/contracts/schemas/health';
import { UnavailableError } from '../../lib/errors';
import { msg } from '../../lib/messages';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: HealthReply } } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { tags: ['health'], response: { 200: HealthReply, 503: ErrorBody } } }, async () => {
    try {
      await app.database.ping();
    } catch {
      throw new UnavailableError(msg.common.unavailable);
    }
    return { status: 'ready' };
  });
};
