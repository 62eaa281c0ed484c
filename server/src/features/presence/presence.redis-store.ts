import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PresenceStore } from './presence.store';

/**
 * Presence shared by every process through Redis. Each connection is a member
 * of its user's set and of one sorted set scored by an expiry time; every
 * process refreshes its own connections' expiry each ttl/3, and every process
 * reaps expired ones, so the users of a process that died go offline within
 * ttl + ttl/3. ZREM decides which process handles an expired connection.
 * The refresh also puts back connections Redis lost (it restarted empty, or was
 * away when they connected), so presence recovers within ttl/3 of Redis returning.
 */
export function createRedisPresenceStore(redis: Redis, opts: { prefix: string; ttlSeconds: number }): PresenceStore {
  const proc = randomUUID();
  const userKey = (userId: string) => `${opts.prefix}presence:u:${userId}`;
  const connsKey = `${opts.prefix}presence:conns`;
  const member = (userId: string, connId: string) => `${userId}|${proc}|${connId}`;
  const local = new Set<string>();
  const ttlMs = opts.ttlSeconds * 1000;
  let timers: NodeJS.Timeout[] = [];

  const reap = async (onExpired: (userId: string) => void) => {
    const expired = await redis.zrangebyscore(connsKey, '-inf', Date.now(), 'LIMIT', 0, 500);
    for (const m of expired) {
      if ((await redis.zrem(connsKey, m)) !== 1) continue; // another process took it
      const userId = m.split('|')[0] as string;
      const [, [, left]] = (await redis.multi().srem(userKey(userId), m).scard(userKey(userId)).exec()) as [
        unknown,
        [unknown, number],
      ];
      if (left === 0) onExpired(userId);
    }
  };

  return {
    async add(userId, connId) {
      const m = member(userId, connId);
      local.add(m);
      const res = (await redis
        .multi()
        .sadd(userKey(userId), m)
        .zadd(connsKey, Date.now() + ttlMs, m)
        .scard(userKey(userId))
        .exec()) as [unknown, number][];
      return res[0]?.[1] === 1 && res[2]?.[1] === 1;
    },
    async remove(userId, connId) {
      const m = member(userId, connId);
      local.delete(m);
      const res = (await redis.multi().srem(userKey(userId), m).zrem(connsKey, m).scard(userKey(userId)).exec()) as [
        unknown,
        number,
      ][];
      return res[0]?.[1] === 1 && res[2]?.[1] === 0;
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const pipe = redis.pipeline();
      for (const id of userIds) pipe.scard(userKey(id));
      const res = (await pipe.exec()) as [unknown, number][];
      return new Set(userIds.filter((_, i) => (res[i]?.[1] ?? 0) > 0));
    },
    start(onExpired, onRestored) {
      const every = Math.max(1000, Math.floor(ttlMs / 3));
      const swallow = (p: Promise<unknown>) => p.catch(() => {}); // Redis away: try again next tick
      /** Re-asserts every local connection; a user whose only connection had to be put back came online again. */
      const refresh = async () => {
        const members = [...local];
        const pipe = redis.pipeline();
        for (const m of members) {
          const key = userKey(m.split('|')[0] as string);
          pipe
            .zadd(connsKey, Date.now() + ttlMs, m)
            .sadd(key, m)
            .scard(key);
        }
        const res = (await pipe.exec()) ?? [];
        members.forEach((m, i) => {
          const added = res[i * 3 + 1]?.[1];
          const count = res[i * 3 + 2]?.[1];
          if (added === 1 && count === 1 && local.has(m)) onRestored?.(m.split('|')[0] as string);
        });
      };
      timers = [
        setInterval(() => {
          if (local.size > 0) swallow(refresh());
        }, every),
        setInterval(() => swallow(reap(onExpired)), every),
      ];
      for (const t of timers) t.unref();
    },
    async close() {
      for (const t of timers) clearInterval(t);
      if (local.size > 0) {
        const pipe = redis.pipeline();
        for (const m of local) {
          pipe.srem(userKey(m.split('|')[0] as string), m);
          pipe.zrem(connsKey, m);
        }
        await pipe.exec().catch(() => {});
      }
      local.clear();
    },
  };
}
