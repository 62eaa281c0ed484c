import type { FastifyInstance } from 'fastify';

/**
 * A member's movies, with their own name and avatar as the owner (plugins/response-cache.ts).
 * A collection read by another member is also filed under the owner's friends tag
 * (friends/friends.cache.ts), since a friendship or block decides whether it is shown
 * (privacy/visibility.ts).
 */
export const moviesTag = (ownerId: string) => `movies:${ownerId}`;

/** The events that make cached movie lists stale. */
export const invalidateMovies = (app: FastifyInstance) =>
  app.invalidateOn({
    'movies:changed': ({ ownerId }) => [moviesTag(ownerId)],
    // Name and avatar are shown as each movie's owner.
    'user:changed': ({ userId }) => [moviesTag(userId)],
    // Also a deletion, whose cascade takes their movies.
    'user:revoked': ({ userId }) => [moviesTag(userId)],
  });
