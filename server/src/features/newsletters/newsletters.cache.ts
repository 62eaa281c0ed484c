import type { FastifyInstance } from 'fastify';

/** The newsletters themselves (plugins/response-cache.ts). */
export const newslettersTag = 'newsletters';
/** Which newsletters a member has read. */
export const readsTag = (userId: string) => `reads:${userId}`;

/** The events that make cached newsletters and read marks stale. */
export const invalidateNewsletters = (app: FastifyInstance) =>
  app.invalidateOn({
    'newsletter:created': () => [newslettersTag],
    'newsletter:changed': () => [newslettersTag],
    'newsletter:viewed': ({ userId }) => [readsTag(userId)],
    // Also a deletion, whose cascade takes their reads and newsletters.
    'user:revoked': () => [newslettersTag],
  });
