import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { presenceKeys, presenceScripts } from './presence.redis-scripts';
import { MAX_SOCKETS_PER_MEMBER, type PresenceHandlers, type PresenceStore } from './presence.store';

/**
 * Presence shared by every process through Redis (docs/architecture.md "Presence").
 *
 * Liveness is per process, not per connection: each process lists itself in one
 * sorted set scored by when it is to be taken for dead, and pushes that back to
 * ttl every ttl/3 (its heartbeat: one write per process, however many sockets it
 * holds). Every ttl/6 each process also sweeps: another process whose time ran
 * out is removed with all it held, in one script, and the sweeper announces its
 * users offline. So the users of a process that died go offline within
 * ttl + ttl/6, and a live process is taken for dead only if its heartbeat is
 * late by two thirds of ttl (it then puts itself back, see below).
 *
 * A connection or socket is written when it comes and when it goes, nothing in
 * between. A write that failed (Redis away) is redone by the next heartbeat, and
 * a heartbeat that finds the process unlisted (Redis restarted empty, or the
 * process stalled past ttl and was swept) writes everything it holds again, so
 * presence recovers within ttl/3.
 */
export function createRedisPresenceStore(redis: Redis, opts: { prefix: string; ttlSeconds: number }): PresenceStore {
  const proc = randomUUID();
  const keys = presenceKeys(opts.prefix);
  const scripts = presenceScripts(redis);
  const ttlMs = opts.ttlSeconds * 1000;
  const member = (userId: string, connId: string) => `${userId}|${proc}|${connId}`;
  const userOf = (m: string) => m.split('|')[0] as string;
  /** This process's presence connections. */
  const conns = new Set<string>();
  /** This process's sockets: their member, and their connect time once Redis gave one. */
  const sockets = new Map<string, { userId: string; score: string }>();
  /** Connections and sockets whose last write failed; each redoes whatever they now are. */
  const unsynced = new Map<string, () => Promise<void>>();
  let handlers: PresenceHandlers | undefined;
  let timers: NodeJS.Timeout[] = [];

  /** True when the user had no connection before. */
  const addConn = async (m: string) => {
    const key = keys.user(userOf(m));
    const res = (await redis.multi().sadd(key, m).sadd(keys.procConns(proc), m).scard(key).exec()) as [
      unknown,
      number,
    ][];
    return res[0]?.[1] === 1 && res[2]?.[1] === 1;
  };
  /** True when it was the user's last connection. */
  const removeConn = async (m: string) => {
    const key = keys.user(userOf(m));
    const res = (await redis.multi().srem(key, m).srem(keys.procConns(proc), m).scard(key).exec()) as [
      unknown,
      number,
    ][];
    return res[0]?.[1] === 1 && res[2]?.[1] === 0;
  };
  const syncConn = async (m: string) => {
    if (conns.has(m)) {
      if ((await addConn(m)) && conns.has(m)) handlers?.restored(userOf(m));
    } else if (await removeConn(m)) handlers?.expired(userOf(m));
  };

  const addSocket = async (socketId: string) => {
    const entry = sockets.get(socketId);
    if (!entry) return;
    const [score, evicted] = await scripts.addSocket(keys.userSockets(entry.userId), {
      prefix: opts.prefix,
      proc,
      userId: entry.userId,
      socketId,
      cap: MAX_SOCKETS_PER_MEMBER,
      score: entry.score,
    });
    entry.score = score;
    if (evicted.length > 0) handlers?.evicted(evicted);
  };
  const removeSocket = async (userId: string, socketId: string) => {
    await redis
      .multi()
      .zrem(keys.userSockets(userId), `${proc}|${socketId}`)
      .srem(keys.procSockets(proc), `${userId}|${socketId}`)
      .exec();
  };
  const syncSocket = (userId: string, socketId: string) =>
    sockets.has(socketId) ? addSocket(socketId) : removeSocket(userId, socketId);

  /** Runs a write now; if it fails, the next heartbeat redoes the item's current state. */
  const write = async <T>(item: string, now: () => Promise<T>, redo: () => Promise<void>): Promise<T> => {
    unsynced.delete(item);
    try {
      return await now();
    } catch (err) {
      unsynced.set(item, redo);
      throw err;
    }
  };

  const beat = async () => {
    if (await scripts.beat(keys.procs, proc, ttlMs)) {
      // Unlisted: whatever Redis held for this process may be gone.
      for (const m of conns) unsynced.set(`c:${m}`, () => syncConn(m));
      for (const [id, s] of sockets) unsynced.set(`s:${id}`, () => syncSocket(s.userId, id));
    }
    // All at once: ioredis pipelines them, and a redo that fails waits for the next beat.
    const redos = [...unsynced];
    unsynced.clear();
    const results = await Promise.allSettled(redos.map(([, redo]) => redo()));
    results.forEach((r, i) => {
      const [item, redo] = redos[i] as [string, () => Promise<void>];
      if (r.status === 'rejected' && !unsynced.has(item)) unsynced.set(item, redo);
    });
  };
  const sweep = async () => {
    // A few dead processes per tick at most; more wait for the next one.
    for (let i = 0; i < 5; i++) {
      const offline = await scripts.sweep(keys.procs, opts.prefix, proc);
      if (!offline) return;
      for (const userId of offline) handlers?.expired(userId);
    }
  };

  return {
    add(userId, connId) {
      const m = member(userId, connId);
      conns.add(m);
      return write(
        `c:${m}`,
        () => addConn(m),
        () => syncConn(m),
      );
    },
    remove(userId, connId) {
      const m = member(userId, connId);
      conns.delete(m);
      return write(
        `c:${m}`,
        () => removeConn(m),
        () => syncConn(m),
      );
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const pipe = redis.pipeline();
      for (const id of userIds) pipe.scard(keys.user(id));
      const res = (await pipe.exec()) as [unknown, number][];
      return new Set(userIds.filter((_, i) => (res[i]?.[1] ?? 0) > 0));
    },
    addSocket(userId, socketId) {
      sockets.set(socketId, { userId, score: '' });
      return write(
        `s:${socketId}`,
        () => addSocket(socketId),
        () => syncSocket(userId, socketId),
      );
    },
    removeSocket(userId, socketId) {
      sockets.delete(socketId);
      return write(
        `s:${socketId}`,
        () => removeSocket(userId, socketId),
        () => syncSocket(userId, socketId),
      );
    },
    start(h) {
      handlers = h;
      /** Runs `job` every `ms`, one run at a time (Redis slow); a failed run waits for the next (Redis away). */
      const every = (ms: number, job: () => Promise<void>) => {
        let running = false;
        const run = () => {
          if (running) return;
          running = true;
          job()
            .catch(() => {})
            .finally(() => {
              running = false;
            });
        };
        run();
        const t = setInterval(run, ms);
        t.unref();
        return t;
      };
      // The first heartbeat goes out now, ahead of any connection's writes on this Redis connection.
      // Sweeping is a read unless a process is dead, so it runs twice as often: a dead process's
      // users go offline within ttl + ttl/6.
      timers = [every(Math.max(1000, ttlMs / 3), beat), every(Math.max(500, ttlMs / 6), sweep)];
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await scripts.retire(keys.procs, opts.prefix, proc).catch(() => {});
      conns.clear();
      sockets.clear();
      unsynced.clear();
    },
  };
}
