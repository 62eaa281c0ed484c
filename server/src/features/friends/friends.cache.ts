import type { FastifyInstance } from 'fastify';

/** A member's friends and pending requests, both ways, and whom they block (plugins/response-cache.ts). */
export const peopleTag = (userId: string) => `people:${userId}`;
/** Every list of people: they show each person's name and avatar. */
export const everyonesPeopleTag = 'people';

/** The events that make cached lists of people stale. */
export const invalidatePeople = (app: FastifyInstance) =>
  app.invalidateOn({
    'friend:request': ({ toUserId, sender }) => [peopleTag(toUserId), peopleTag(sender.id)],
    'friend:accepted': ({ userIds }) => userIds.map(peopleTag),
    'friend:removed': ({ userIds }) => userIds.map(peopleTag),
    // What each may see of the other: their lists of people and (through people:) the other's movies.
    'user:blocked': ({ userIds }) => userIds.map(peopleTag),
    // A name or avatar shown in others' lists of people.
    'user:changed': () => [everyonesPeopleTag],
    // Also a deletion, whose cascade takes their friendships.
    'user:revoked': () => [everyonesPeopleTag],
  });
