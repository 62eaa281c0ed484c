import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_LIMITS } from '@kinodost/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createRedisPresenceStore } from './presence.redis-store';
import { friendIdsOf, lastSeenFor, touchLastSeen, visibilityOf } from './presence.repository';
import { createMemoryPresenceStore } from './presence.store';
import { createSocketRateLimit } from './socket-rate-limit';

export interface SocketData {
  userId: string;
  token: string;
}
type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Each member's sockets are in a room of their own: what is meant for them is sent there. */
export const userRoom = (id: string) => `user:${id}`;
/** Sockets that asked about a user's last seen also get that user's presence changes. */
const watchRoom = (id: string) => `watch:${id}`;
const MEMBERS = 'members';

/**
 * The realtime socket (socket.io on the app's own port, path /socket.io) and
 * presence. Fan-out is bounded: a user's online/offline goes to their friends'
 * rooms and to sockets that asked about them, never to everyone, so the cost of
 * a change grows with the friend count, not with the members online. With
 * REDIS_URL the Redis adapter carries room emits across processes and presence
 * lives in Redis.
 */
export const presencePlugin = fp(async function presencePlugin(app: FastifyInstance) {
  const db = app.database.db;
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

  let store = createMemoryPresenceStore();
  if (app.redis) {
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
    store = createRedisPresenceStore(app.redis, {
      prefix: app.config.redisPrefix,
      ttlSeconds: app.config.presenceTtlSeconds,
    });
    app.addHook('onClose', async () => {
      pub.disconnect();
      sub.disconnect();
    });
  }

  /** Tells the user's friends (and watchers) that they came online. */
  const announceOnline = async (userId: string) => {
    const friends = await friendIdsOf(db, userId);
    io.to([...friends.map(userRoom), watchRoom(userId)]).emit('user:online', { userId });
  };
  const announceOffline = async (userId: string) => {
    const at = await touchLastSeen(db, userId);
    const friends = await friendIdsOf(db, userId);
    io.to([...friends.map(userRoom), watchRoom(userId)]).emit('user:offline', {
      userId,
      lastSeen: at ? at.toISOString() : null,
    });
  };

  // Sockets counted as presence connections. Marked synchronously, before any await, so a
  // socket that closes while its connect is still being processed is always taken back out.
  const present = new Set<string>();
  // Each user's store changes and announcements run one after another: an offline announcement
  // (two queries) must not overtake the online one of a tab that connected right after.
  const queues = new Map<string, Promise<void>>();
  const inOrder = (userId: string, step: () => Promise<void>): Promise<void> => {
    const run = (queues.get(userId) ?? Promise.resolve()).then(step);
    const settled = run.catch(() => {});
    queues.set(userId, settled);
    settled.then(() => {
      if (queues.get(userId) === settled) queues.delete(userId);
    });
    return run;
  };
  const goOnline = async (socket: IoSocket) => {
    const { userId } = socket.data;
    // A heartbeat whose token check outlived its socket must not mark a closed socket present.
    if (socket.disconnected) return;
    const joining = !present.has(socket.id);
    present.add(socket.id);
    // The last-seen touch waits its turn too: one that overtook the offline announcement of a
    // socket closed right after would store a later time than the one announced.
    await inOrder(userId, async () => {
      if (joining && (await store.add(userId, socket.id))) await announceOnline(userId);
      await touchLastSeen(db, userId);
    });
  };
  const goOffline = async (socket: IoSocket) => {
    if (!present.delete(socket.id)) return;
    const { userId } = socket.data;
    await inOrder(userId, async () => {
      if (await store.remove(userId, socket.id)) await announceOffline(userId);
    });
  };
  store.start({
    expired(userId) {
      inOrder(userId, () => announceOffline(userId)).catch((err) =>
        app.log.warn({ err }, 'could not announce an expired user'),
      );
    },
    restored(userId) {
      inOrder(userId, () => announceOnline(userId)).catch((err) =>
        app.log.warn({ err }, 'could not announce a restored user'),
      );
    },
    // A member past MAX_SOCKETS_PER_MEMBER loses the oldest: each socket is in a room of its own id,
    // and through the Redis adapter the process that holds it closes it.
    evicted(socketIds) {
      app.log.info({ sockets: socketIds.length }, 'socket cap: oldest sockets of a member closed');
      io.in(socketIds).disconnectSockets(true);
    },
  });

  // The handshake must carry a valid, current token; the user id comes from it alone.
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length > 4096) return next(new Error('unauthorized'));
    app
      .userForToken(token)
      .then((user) => {
        if (!user) return next(new Error('unauthorized'));
        socket.data = { userId: user.id, token };
        next();
      })
      .catch(() => next(new Error('unavailable')));
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const limit = createSocketRateLimit({ windowMs: 10_000, allowed: 20, fatal: 200 });
    // The socket's events are handled one after another, in the order sent: a heartbeat awaits a
    // token check, and a user:offline sent after it must not be overtaken by it.
    let handled = Promise.resolve();
    /** Runs an event handler under the rate limit, in order; its errors are logged, never thrown at the socket. */
    const guarded = (handler: (payload: unknown) => Promise<void>) => (payload: unknown) => {
      const verdict = limit();
      if (verdict === 'cut') {
        app.log.warn({ userId }, 'socket flood: disconnected');
        socket.disconnect(true);
        return;
      }
      if (verdict === 'drop') return;
      handled = handled
        .then(() => handler(payload))
        .catch((err) => app.log.warn({ err, userId }, 'socket handler failed'));
    };

    socket.join([userRoom(userId), MEMBERS]);
    // These may fail while Redis or the database is away; each failure is logged, never left unhandled.
    const counted = store
      .addSocket(userId, socket.id)
      .catch((err) => app.log.warn({ err, userId }, 'socket count failed'));
    goOnline(socket).catch((err) => app.log.warn({ err, userId }, 'socket connect failed'));
    (async () => {
      // users:online follows the count: a client that has it knows any older socket past the cap is closing.
      await counted;
      const friends = await friendIdsOf(db, userId);
      socket.emit('users:online', [...(await store.online(friends))]);
    })().catch((err) => app.log.warn({ err, userId }, 'socket connect failed'));

    // Heartbeat (every 4 minutes while visible) and "visible again": also re-checks the token.
    socket.on(
      'user:online',
      guarded(async () => {
        if (!(await app.userForToken(socket.data.token))) {
          socket.disconnect(true);
          return;
        }
        await goOnline(socket);
      }),
    );
    socket.on(
      'user:offline',
      guarded(async () => goOffline(socket)),
    );
    socket.on(
      'user:lastSeen',
      guarded(async (payload) => {
        const target = (payload as { userId?: unknown } | null)?.userId;
        if (typeof target !== 'string' || !UUID.test(target)) return;
        // Only those who may see the member's presence are answered and watch it (docs/social.md
        // "Privacy"); anyone else hears nothing, and the page keeps the member neutral.
        const seen = await lastSeenFor(db, userId, target);
        if (!seen) return;
        socket.join(watchRoom(target));
        if ((await store.online([target])).has(target)) {
          socket.emit('user:online', { userId: target });
          return;
        }
        socket.emit('user:lastSeenResponse', { userId: target, lastSeen: seen.at ? seen.at.toISOString() : null });
      }),
    );
    socket.on('disconnect', () => {
      goOffline(socket).catch((err) => app.log.warn({ err, userId }, 'socket disconnect failed'));
      store.removeSocket(userId, socket.id).catch((err) => app.log.warn({ err, userId }, 'socket uncount failed'));
    });
  });

  // Live events from other features reach the users they concern.
  app.bus.on('friend:request', (e) => {
    io.to(userRoom(e.toUserId)).emit('friend:request', { requestId: e.requestId, sender: e.sender });
  });
  app.bus.on('friend:accepted', async (e) => {
    const [a, b] = e.userIds;
    io.to(userRoom(a)).emit('friend:accepted', { requestId: e.requestId, userId: b });
    io.to(userRoom(b)).emit('friend:accepted', { requestId: e.requestId, userId: a });
    // New friends see each other's presence at once.
    const online = await store.online([a, b]).catch(() => new Set<string>());
    if (online.has(a)) io.to(userRoom(b)).emit('user:online', { userId: a });
    if (online.has(b)) io.to(userRoom(a)).emit('user:online', { userId: b });
  });
  /**
   * What may no longer be seen stops arriving: each of the two stops watching the other's presence
   * (a later user:lastSeen is checked afresh, so a member who still may see it asks again).
   */
  const stopWatchingEachOther = (a: string, b: string) => {
    io.in(userRoom(a)).socketsLeave(watchRoom(b));
    io.in(userRoom(b)).socketsLeave(watchRoom(a));
  };
  app.bus.on('friend:removed', (e) => {
    const [a, b] = e.userIds;
    stopWatchingEachOther(a, b);
    io.to(userRoom(a)).emit('friend:removed', { userId: b });
    io.to(userRoom(b)).emit('friend:removed', { userId: a });
  });
  app.bus.on('user:blocked', (e) => {
    if (e.blocked) stopWatchingEachOther(...e.userIds);
  });
  // A member who stops being public is no longer watched by those who are not friends: every
  // watcher leaves (friends keep their presence through their own rooms; others may ask again).
  app.bus.on('user:changed', ({ userId }) => {
    visibilityOf(db, userId)
      .then((visibility) => {
        if (visibility && visibility !== 'public') io.in(watchRoom(userId)).socketsLeave(watchRoom(userId));
      })
      .catch((err) => app.log.warn({ err, userId }, 'could not re-check who watches a member'));
  });
  app.bus.on('import:progress', ({ userId, ...progress }) => {
    io.to(userRoom(userId)).emit('import:progress', progress);
  });
  app.bus.on('newsletter:created', (e) => {
    io.to(MEMBERS).emit('newsletter:created', e);
  });
  // A password change, reset or deletion revokes tokens: their sockets go too (clients reconnect with a fresh one).
  app.bus.on('user:revoked', (e) => {
    io.in(userRoom(e.userId)).disconnectSockets(true);
  });

  app.addHook('preClose', async () => {
    // This process's sockets only: through the Redis adapter a plain disconnectSockets
    // asks every process to drop all of theirs, and leaves this one's to io.close().
    io.local.disconnectSockets(true);
    // Their offline announcements reach the other processes before the store and the database close.
    await Promise.allSettled([...queues.values()]);
    await store.close();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
});
