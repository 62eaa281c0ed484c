import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteReply } from '@kinodost/contracts/schemas/site';

/**
 * GET /api/site: the install's own settings the web app shows to everyone (its footer's social
 * links, whether it has TMDB). Public, the same for every visitor, and changed only by a restart: browsers and proxies
 * may keep it for an hour.
 */
export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reply: SiteReply = { social: app.config.social, tmdb: app.config.tmdb !== undefined };
  app.get('/site', { schema: { tags: ['site'], response: { 200: SiteReply } } }, async (_request, res) => {
    res.header('cache-control', 'public, max-age=3600');
    return reply;
  });
};
