import type { ClientToServerEvents, ServerToClientEvents } from '@kinodost/contracts/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import { type SocketData, userRoom } from '../../plugins/socket';
import { createRedisPresenceStore } from './presence.redis-store';
import { friendIdsOf, lastSeenFor, touchLastSeen, visibilityOf } from './presence.repository';
import { createMemoryPresenceStore } from './presence.store';
import { createSocketRateLimit } from './socket-rate-limit';

type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The room of a member's sockets (plugins/socket.ts), for the features that address them. */
export { userRoom };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sockets that asked about a user's last seen also get that user's presence changes. */
const watchRoom = (id: string) => `watch:${id}`;

/**
 * Presence on the realtime socket (plugins/socket.ts). Fan-out is bounded: a user's
 * online/offline goes to their friends' rooms and to sockets that asked about them, never to
 * everyone, so the cost of a change grows with the friend count, not with the members online.
 * With REDIS_URL presence lives in Redis.
 */
async function presence(app: FastifyInstance) {
  const db = app.database.db;
  const io = app.io;

  let store = createMemoryPresenceStore();
  if (app.redis) {
    store = createRedisPresenceStore(app.redis, {
      prefix: app.config.redisPrefix,
      ttlSeconds: app.config.presenceTtlSeconds,
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
        const asked = (payload as { userId?: unknown } | null)?.userId;
        if (typeof asked !== 'string' || !UUID.test(asked)) return;
        // The same member however the id is written: rooms and the online set hold it in lower case.
        const target = asked.toLowerCase();
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

  // Presence's own part of other features' events; the events themselves reach the clients
  // through the relay (plugins/socket-relay.ts), registered after the features.
  app.bus.on('friend:accepted', async (e) => {
    const [a, b] = e.userIds;
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
    stopWatchingEachOther(...e.userIds);
  });
  app.bus.on('user:blocked', (e) => {
    if (e.blocked) stopWatchingEachOther(...e.userIds);
  });
  // A member's profile changed (name, avatar, who may see what): the pages watching them fetch it
  // again. One who stops being public is no longer watched by those who are not friends: they are
  // told their presence is gone, and every watcher leaves (friends, who may still see what a private
  // member hides from them less of, are told through their own rooms, where their presence comes
  // from; others may ask again).
  app.bus.on('user:changed', ({ userId }) => {
    (async () => {
      const visibility = await visibilityOf(db, userId);
      if (!visibility || visibility === 'public') {
        io.to(watchRoom(userId)).emit('profile:changed', { userId });
        return;
      }
      const friendRooms = (await friendIdsOf(db, userId)).map(userRoom);
      io.to(watchRoom(userId)).except(friendRooms).emit('profile:changed', { userId, presence: false });
      if (friendRooms.length > 0) io.to(friendRooms).emit('profile:changed', { userId });
      io.in(watchRoom(userId)).socketsLeave(watchRoom(userId));
    })().catch((err) => app.log.warn({ err, userId }, 'could not tell who watches a member of a change'));
  });

  // The socket plugin's preClose, which runs before this one, has disconnected this process's
  // sockets: their offline announcements reach the other processes before the store and the
  // database close.
  app.addHook('preClose', async () => {
    await Promise.allSettled([...queues.values()]);
    await store.close();
  });
}

export const presencePlugin = fp(presence, { name: 'presence', dependencies: ['database', 'socket'] });
