import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_LIMITS } from '@kinodost/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { msg } from '../lib/messages';
import { createMissedEvents, type MissedEvents } from '../lib/missed-events';

export interface SocketData {
  userId: string;
  token: string;
}
export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
  }
}

const USER_ROOM_PREFIX = 'user:';
/** Each member's sockets are in a room of their own: what is meant for them is sent there. */
export const userRoom = (id: string) => `${USER_ROOM_PREFIX}${id}`;
/** Every signed-in socket: what concerns all members (a new newsletter) is sent there. */
export const MEMBERS_ROOM = 'members';

/**
 * A refused handshake: socket.io gives the client the message and `data`, so both are the API's
 * (its Azerbaijani text and machine code, docs/product.md#realtime-socket).
 */
function handshakeRefusal(code: 'UNAUTHORIZED' | 'UNAVAILABLE') {
  const text = code === 'UNAUTHORIZED' ? msg.auth.invalidToken : msg.common.unavailable;
  return Object.assign(new Error(text), { data: { success: false, error: text, code } });
}

/**
 * Events that change nothing a page fetched: presence comes whole with `users:online` on
 * connect, and a typing notice is worthless late. Every other event a member missed before their
 * socket connected makes the page refetch (`realtime:resync`).
 */
const LIVE_ONLY_EVENTS: ReadonlySet<string> = new Set<keyof ServerToClientEvents>([
  'users:online',
  'user:online',
  'user:offline',
  'user:lastSeenResponse',
  'message:typing',
]);

/**
 * Notes every room emit of this process's in-memory adapter in `missed`: the one way out for
 * all of them, so an event a feature adds is counted without the feature doing anything.
 */
function noteRoomEmits(io: IoServer, missed: MissedEvents) {
  const adapter = io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: { data?: unknown[] }, opts) => {
    const event = packet.data?.[0];
    if (typeof event === 'string' && !LIVE_ONLY_EVENTS.has(event)) {
      const userIds: string[] = [];
      for (const room of opts.rooms)
        if (room.startsWith(USER_ROOM_PREFIX)) userIds.push(room.slice(USER_ROOM_PREFIX.length));
      missed.sent({ userIds, everyone: opts.rooms.size === 0 || opts.rooms.has(MEMBERS_ROOM) });
    }
    broadcast(packet, opts);
  };
}

/**
 * The realtime socket: socket.io on the app's own port (path /socket.io). A socket's handshake
 * must carry a valid, current token; the user id comes from it alone, and the socket joins its
 * member's room and the members' room. With REDIS_URL the Redis adapter carries room emits across
 * processes. What is said on the socket belongs to the features (presence, messages) and to the
 * relay (plugins/socket-relay.ts).
 *
 * A page fetches its data first and connects its socket once it is idle, so an event sent in
 * between reached no socket of it. The handshake's `since` (the server time of the page's first
 * request) tells whether one may have: if so, or when that cannot be known, the new socket gets
 * `realtime:resync` and the page refetches what events keep fresh; otherwise the page's data
 * stands. With several processes (Redis) another process may have sent it, so every new socket
 * is told to refetch.
 */
export const socketPlugin = fp(
  async function socketPlugin(app: FastifyInstance) {
    const io: IoServer = new Server(app.server, {
      path: '/socket.io',
      maxHttpBufferSize: SOCKET_LIMITS.maxMessageBytes,
      serveClient: false,
      // Same origin in production; in development the web app (Vite, :5173) connects to :5000
      // directly (docs/product.md#realtime-socket), so its origin is listed in SOCKET_ORIGINS.
      cors: { origin: app.config.socketOrigins.length ? app.config.socketOrigins : false, credentials: true },
    });
    app.decorate('io', io);
    // socket.io keeps each session's first HTTP request for its lifetime; nothing here needs it
    // after the handshake, and dropping it saves several KB per connection (socket.io's memory guide).
    io.engine.on('connection', (rawSocket: { request: unknown }) => {
      rawSocket.request = null;
    });

    let missed: MissedEvents | undefined;
    if (!app.redis) {
      missed = createMissedEvents();
      noteRoomEmits(io, missed);
    } else {
      // Loaded only with Redis: a single process needs no adapter.
      const { createAdapter } = await import('@socket.io/redis-adapter');
      const pub = app.redis.duplicate();
      // Named, so that CLIENT LIST shows which connection carries the other processes' events.
      const sub = app.redis.duplicate({ connectionName: `${app.config.redisPrefix}socket.io-sub` });
      for (const c of [pub, sub]) c.on('error', (err) => app.log.warn({ err: err.message }, 'redis adapter error'));
      // While the subscriber is away, room emits made by the other processes (a friend request, a
      // newsletter) miss this process's sockets for good. Once it is back (ioredis has sent the
      // subscriptions again by then), those sockets are told to refetch what such events keep fresh.
      let subscriberLost = false;
      sub.on('close', () => {
        subscriberLost = true;
      });
      sub.on('ready', () => {
        if (!subscriberLost) return;
        subscriberLost = false;
        app.log.info('redis adapter: subscribed again; sockets told to resync');
        io.local.emit('realtime:resync');
      });
      // The adapter never handles its publish promises: while Redis is away each emit to a room
      // would reject unhandled, and close-with-grace shuts the process down on that. The emit
      // still reaches this process's own sockets; other processes miss it until Redis is back.
      const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
      pub.publish = ((channel: string, message: string | Buffer) =>
        publish(channel, message).catch((err: Error) => {
          app.log.warn({ err: err.message }, 'redis adapter: an emit did not reach the other processes');
          return 0;
        })) as typeof pub.publish;
      io.adapter(createAdapter(pub, sub, { key: `${app.config.redisPrefix}socket.io` }));
      app.addHook('onClose', async () => {
        pub.disconnect();
        sub.disconnect();
      });
    }

    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token.length > 4096) return next(handshakeRefusal('UNAUTHORIZED'));
      app
        .userForToken(token)
        .then((user) => {
          if (!user) return next(handshakeRefusal('UNAUTHORIZED'));
          socket.data = { userId: user.id, token };
          next();
        })
        .catch(() => next(handshakeRefusal('UNAVAILABLE')));
    });
    // First of the connection listeners: the features' find the socket in its rooms.
    io.on('connection', (socket) => {
      socket.join([userRoom(socket.data.userId), MEMBERS_ROOM]);
      if (!missed || missed.mayHaveMissed(socket.data.userId, socket.handshake.auth?.since)) {
        socket.emit('realtime:resync');
      }
    });

    // This process's sockets only: through the Redis adapter a plain disconnectSockets asks every
    // process to drop all of theirs, and leaves this one's to io.close(). Their disconnect
    // handlers run now, while the features' preClose hooks (which run after this one) can still
    // finish what those start (presence's offline announcements).
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'socket', dependencies: ['redis', 'auth'] },
);
