import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { CursorQuery, FeedPage } from '@kinodost/contracts/schemas/feed';
import { bearer, currentUser } from '../../lib/route-helpers';
import { userRoom } from '../presence';
import { toFeedItem } from './feed.mappers';
import { audienceOf, findItem, listFeed } from './feed.repository';
import { decodeCursor, keysetPage } from './feed-cursor';

const errors = { 400: ErrorBody, 401: ErrorBody };
const tags = ['feed'];

/**
 * GET /api/feed: the caller's and their friends' activity, newest first, in keyset pages
 * (docs/feed.md). Items written by other features (movies, comments, friends) reach the actor's
 * audience live as `feed:new`, on every process through the socket.io adapter.
 */
export const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  app.get(
    '/',
    {
      onRequest: app.requireMember,
      schema: { tags, security: bearer, querystring: CursorQuery, response: { 200: FeedPage, ...errors } },
    },
    async (request) => {
      const cursor = decodeCursor(request.query.before);
      const rows = await listFeed(db, currentUser(request).id, cursor, request.query.limit);
      const { rows: page, nextCursor } = keysetPage(rows, request.query.limit);
      return { success: true as const, data: page.map(toFeedItem), next_cursor: nextCursor };
    },
  );

  app.bus.on('activity:created', ({ id }) => {
    (async () => {
      const row = await findItem(db, id);
      // Gone already (its cause was undone at once): nothing to announce.
      if (!row) return;
      const audience = await audienceOf(db, row.actor.id, row.other?.id ?? null);
      app.io.to(audience.map(userRoom)).emit('feed:new', { item: toFeedItem(row) });
    })().catch((err) => app.log.warn({ err, id }, 'feed item delivery failed'));
  });
};
