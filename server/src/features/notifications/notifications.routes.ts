import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { CountReply } from '@kinodost/contracts/schemas/common';
import {
  MarkReadBody,
  MarkReadReply,
  type Notification,
  NotificationPage,
  NotificationQuery,
  NotificationTypeFilter,
} from '@kinodost/contracts/schemas/notifications';
import { bearer, currentUser } from '../../lib/route-helpers';
import { decodeCursor, keysetPage, toFilmRef, toPersonRef } from '../feed';
import { userRoom } from '../presence';
import {
  countUnread,
  findNotification,
  listNotifications,
  markRead,
  type NotificationItemRow,
} from './notifications.repository';

const errors = { 400: ErrorBody, 401: ErrorBody };
const tags = ['notifications'];

export function toNotification(r: NotificationItemRow): Notification {
  const n: Notification = { id: r.id, type: r.type, read: r.readAt !== null, created_at: r.createdAt.toISOString() };
  if (r.actor) n.actor = toPersonRef(r.actor);
  if (r.film) n.film = toFilmRef(r.film);
  if (r.text != null) n.text = r.text;
  return n;
}

/**
 * The member's notifications (docs/feed.md "Notifications"): written by the friends and
 * comments features in the transaction of their cause, delivered live as `notification:new`.
 */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        querystring: NotificationQuery,
        response: { 200: NotificationPage, ...errors },
      },
    },
    async (request) => {
      const cursor = decodeCursor(request.query.before);
      const { limit, exclude_type: excluded } = request.query;
      const rows = await listNotifications(db, currentUser(request).id, cursor, limit, excluded);
      const { rows: page, nextCursor } = keysetPage(rows, limit);
      return { success: true as const, data: page.map(toNotification), next_cursor: nextCursor };
    },
  );

  app.get(
    '/unread-count',
    {
      schema: { tags, security: bearer, querystring: NotificationTypeFilter, response: { 200: CountReply, ...errors } },
    },
    async (request) => ({
      success: true as const,
      count: await countUnread(db, currentUser(request).id, request.query.exclude_type),
    }),
  );

  app.post(
    '/read',
    {
      // No body at all is "all of them", as `{}` is.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, security: bearer, body: MarkReadBody, response: { 200: MarkReadReply, ...errors } },
    },
    async (request) => {
      const me = currentUser(request).id;
      const count = await markRead(db, me, request.body.ids);
      // The member's other tabs show the bell's count: they fetch it again (plugins/socket-relay.ts).
      if (count > 0) app.bus.emit('notifications:read', { userId: me });
      return { success: true as const, count };
    },
  );

  app.bus.on('notification:created', ({ id }) => {
    (async () => {
      const row = await findNotification(db, id);
      if (!row) return;
      app.io.to(userRoom(row.userId)).emit('notification:new', { notification: toNotification(row) });
    })().catch((err) => app.log.warn({ err, id }, 'notification delivery failed'));
  });
};
