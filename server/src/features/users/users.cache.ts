import type { FastifyInstance } from 'fastify';

/** Every member's row as admins list them (plugins/response-cache.ts). */
export const usersTag = 'users';

/** The events that make the admins' cached list of members stale. */
export const invalidateUsers = (app: FastifyInstance) =>
  app.invalidateOn({
    'user:created': () => [usersTag],
    // Name, avatar, email or admin flag.
    'user:changed': () => [usersTag],
    // Also a deletion.
    'user:revoked': () => [usersTag],
  });
