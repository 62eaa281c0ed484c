import { SOCKET_LIMITS } from '@kinodost/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSocketRateLimit, userRoom } from '../presence';
import { areFriends } from './messages.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Distinct friends a socket remembers typing to; past that the memory starts over. */
const REMEMBERED = 64;

/**
 * The live side of messages (docs/messages.md "Realtime"): typing notices pass between friends.
 * A stored message and a read mark reach the sockets through the relay (plugins/socket-relay.ts).
 * Every emit is to a user's room, so with Redis it reaches their sockets on every process.
 */
async function messagesSocket(app: FastifyInstance) {
  const io = app.io;
  const db = app.database.db;

  io.on('connection', (socket) => {
    const { userId } = socket.data as { userId: string };
    // Typing has its own budget: a chatty typist must not starve presence's heartbeat, and a flood is cut.
    const limit = createSocketRateLimit({ windowMs: 10_000, allowed: 30, fatal: 300 });
    const lastSent = new Map<string, number>();

    socket.on('message:typing', (payload: unknown) => {
      const verdict = limit();
      if (verdict === 'cut') {
        app.log.warn({ userId }, 'socket flood (typing): disconnected');
        socket.disconnect(true);
        return;
      }
      if (verdict === 'drop') return;
      const to = (payload as { to?: unknown } | null)?.to;
      if (typeof to !== 'string' || !UUID.test(to) || to === userId) return;
      const now = Date.now();
      if (now - (lastSent.get(to) ?? 0) < SOCKET_LIMITS.typingIntervalMs) return;
      if (lastSent.size >= REMEMBERED) lastSent.clear();
      lastSent.set(to, now);
      // Asked afresh for every notice passed on (at most one per friend per typingIntervalMs): a
      // remembered answer outlived a block or an unfriending made meanwhile, on any process.
      areFriends(db, userId, to)
        .then((ok) => {
          if (ok && socket.connected) io.to(userRoom(to)).emit('message:typing', { from: userId });
        })
        .catch((err) => app.log.warn({ err, userId }, 'typing check failed'));
    });
  });
}

export const messagesSocketPlugin = fp(messagesSocket, {
  name: 'messages-socket',
  dependencies: ['database', 'socket'],
});
