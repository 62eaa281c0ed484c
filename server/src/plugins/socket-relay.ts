import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MEMBERS_ROOM, userRoom } from './socket';

/**
 * Carries domain events (lib/event-bus.ts) to the sockets of the members they concern, as they
 * are: one place for what features raise and clients hear. Every emit is to a room, so with
 * Redis it reaches those sockets on every process. What needs more than the event (a feed item
 * or a notification read back from the database, presence) is delivered by its feature.
 */
export const socketRelayPlugin = fp(
  async function socketRelayPlugin(app: FastifyInstance) {
    const { io, bus } = app;
    bus.on('friend:request', (e) => {
      io.to(userRoom(e.toUserId)).emit('friend:request', { requestId: e.requestId, sender: e.sender });
    });
    bus.on('friend:accepted', (e) => {
      const [a, b] = e.userIds;
      io.to(userRoom(a)).emit('friend:accepted', { requestId: e.requestId, userId: b });
      io.to(userRoom(b)).emit('friend:accepted', { requestId: e.requestId, userId: a });
    });
    bus.on('friend:removed', (e) => {
      const [a, b] = e.userIds;
      io.to(userRoom(a)).emit('friend:removed', { userId: b });
      io.to(userRoom(b)).emit('friend:removed', { userId: a });
    });
    bus.on('import:progress', ({ userId, ...progress }) => {
      io.to(userRoom(userId)).emit('import:progress', progress);
    });
    bus.on('newsletter:created', (e) => {
      io.to(MEMBERS_ROOM).emit('newsletter:created', e);
    });
    // Edited or deleted: a deleted one would stay in every open header's list and unread count.
    bus.on('newsletter:changed', ({ id }) => {
      io.to(MEMBERS_ROOM).emit('newsletter:changed', { id });
    });
    bus.on('message:new', ({ message }) => {
      io.to([userRoom(message.from), userRoom(message.to)]).emit('message:new', { message });
    });
    // To the reader's own sockets too: their other tabs' badges count the read messages no more.
    bus.on('message:read', ({ by, other, upTo }) => {
      io.to([userRoom(other), userRoom(by)]).emit('message:read', { by, other, upTo });
    });
    // To the member's own sockets: their other tabs' counts are out of date.
    bus.on('newsletter:viewed', ({ userId }) => {
      io.to(userRoom(userId)).emit('newsletters:viewed');
    });
    bus.on('notifications:read', ({ userId }) => {
      io.to(userRoom(userId)).emit('notifications:read');
    });
    // A password change, reset or deletion revokes tokens: their sockets go too (clients reconnect with a fresh one).
    bus.on('user:revoked', (e) => {
      io.in(userRoom(e.userId)).disconnectSockets(true);
    });
  },
  { name: 'socket-relay', dependencies: ['socket'], decorators: { fastify: ['bus'] } },
);
