import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Listener, ListenHandlers } from '../db/postgres-listener';

/**
 * How long a signed-in user's row may be reused without asking the database
 * when nothing announces changes made elsewhere (PGlite; on PostgreSQL see
 * ANNOUNCED_TTL_MS). Every change that matters (password, deletion,
 * admin flag, profile) drops the entry at once in this process and, with Redis,
 * in the others (a message on a channel), so this only bounds a change whose
 * message was lost.
 */
export const USER_CACHE_TTL_MS = 10_000;
/**
 * The life of an entry while PostgreSQL announces every change of its data (followAnnouncements:
 * user rows, plugins/auth.ts; list answers, plugins/response-cache.ts): then no change can go
 * unseen, whoever made it, and the life only lets what nobody asks for go.
 */
export const ANNOUNCED_TTL_MS = 300_000;
/**
 * With Redis configured but this process not subscribed (Redis down or
 * reconnecting), messages from other processes may be missed: entries then
 * live this long, so a revocation elsewhere is at most about a second late.
 */
export const USER_CACHE_DEGRADED_TTL_MS = 1_000;
/**
 * Each entry's life is shortened by up to this fraction, at random. Entries loaded together (the
 * members active after a restart, or in any one second) would otherwise expire together, and
 * every request of theirs would then miss within the same moment, again every TTL, since each
 * reload happens together too. Used by this cache and the response cache alike.
 */
export const TTL_SPREAD = 0.25;

/** A life of `ttl` shortened by up to `spread` of it, at random (see TTL_SPREAD). */
export const spreadTtl = (ttl: number, spread: number) => Math.round(ttl * (1 - spread * Math.random()));

export interface UserCacheOptions {
  max?: number;
  ttlMs?: number;
  degradedTtlMs?: number;
  /** Shortens each entry's life by up to this fraction, at random (TTL_SPREAD; default none). */
  ttlSpread?: number;
  /** A clock for tests (lru-cache's `perf`). */
  now?: () => number;
}

/** Rows by user id, filled by a loader, dropped on invalidate. */
export interface UserCache<T> {
  /** The cached row, else the loader's (cached when no invalidation raced it). */
  get(id: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  invalidate(id: string): void;
  clear(): void;
  /** Degraded: invalidations from other processes may be lost, so entries live briefly. */
  setDegraded(degraded: boolean): void;
  readonly degraded: boolean;
  readonly size: number;
}

export function createUserCache<T extends object>(opts: UserCacheOptions = {}): UserCache<T> {
  const ttl = opts.ttlMs ?? USER_CACHE_TTL_MS;
  const degradedTtl = opts.degradedTtlMs ?? USER_CACHE_DEGRADED_TTL_MS;
  const spread = opts.ttlSpread ?? 0;
  const now = opts.now;
  const lru = new LRUCache<string, T>({
    max: opts.max ?? 10_000,
    ttl,
    // A test clock is read on every check (lru-cache otherwise reuses a reading for 1 ms).
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  // Bumped by every invalidation: a load that started before one must not store its
  // (possibly pre-change) row, or a revoked token could be accepted again.
  let epoch = 0;
  // Concurrent misses for one id share a single query; an invalidation detaches it.
  const inflight = new Map<string, Promise<T | undefined>>();
  let degraded = false;

  return {
    get(id, load) {
      const hit = lru.get(id);
      if (hit) return Promise.resolve(hit);
      const pending = inflight.get(id);
      if (pending) return pending;
      const seen = epoch;
      const promise = load().then(
        (row) => {
          if (inflight.get(id) === promise) inflight.delete(id);
          if (row && seen === epoch) {
            lru.set(id, Object.freeze(row), { ttl: spreadTtl(degraded ? degradedTtl : ttl, spread) });
          }
          return row;
        },
        (err: unknown) => {
          if (inflight.get(id) === promise) inflight.delete(id);
          throw err;
        },
      );
      inflight.set(id, promise);
      return promise;
    },
    invalidate(id) {
      epoch++;
      lru.delete(id);
      inflight.delete(id);
    },
    clear() {
      epoch++;
      lru.clear();
      inflight.clear();
    },
    setDegraded(value) {
      if (value === degraded) return;
      degraded = value;
      // Entries stored under the other regime may outlive what it promises.
      this.clear();
    },
    get degraded() {
      return degraded;
    },
    get size() {
      return lru.size;
    },
  };
}

/** What a channel of drops needs of a cache: the user cache and the response cache alike. */
type Invalidated = Pick<UserCache<object>, 'invalidate' | 'clear' | 'setDegraded'>;

/** Carries invalidations between processes over one Redis channel. */
export interface InvalidationChannel {
  /** Tells the other processes (and this one, harmlessly) to drop the user (or, for the response cache, the tag). */
  publish(id: string): void;
  close(): Promise<void>;
}

/**
 * Subscribes the cache to `channel` on a duplicate connection (a subscribed
 * connection can run nothing else). Until the subscription is confirmed, and
 * whenever that connection drops, the cache is degraded (short TTL) and cleared,
 * since messages sent meanwhile are lost.
 */
export function shareInvalidations(
  cache: Invalidated,
  opts: { redis: Redis; channel: string; onError?: (err: Error) => void },
): InvalidationChannel {
  const { redis, channel } = opts;
  const onError = opts.onError ?? (() => {});
  cache.setDegraded(true);
  const sub = redis.duplicate({ lazyConnect: true, autoResubscribe: false });
  sub.on('error', onError);
  sub.on('message', (from: string, id: string) => {
    if (from === channel) cache.invalidate(id);
  });
  sub.on('close', () => cache.setDegraded(true));
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        // Messages missed while away are unknown: start clean, then trust the channel.
        cache.clear();
        cache.setDegraded(false);
      },
      (err: Error) => onError(err),
    );
  });
  sub.connect().catch(onError);
  return {
    publish(id) {
      redis.publish(channel, id).catch(onError);
    },
    async close() {
      sub.disconnect();
    },
  };
}

/**
 * Keeps `cache` in step with a channel PostgreSQL announces changes on (Database.listen): each
 * payload drops one key (a user id, a response tag), '*' every entry. Until the connection
 * listens, and whenever it is lost, the cache is degraded (entries live a second), since
 * notifications sent meanwhile are lost; setDegraded clears it at each change of state.
 */
export function followAnnouncements(
  cache: Invalidated,
  listen: (channel: string, handlers: ListenHandlers) => Listener,
  channel: string,
  opts: { onLost(): void; onError(err: Error): void },
): Listener {
  cache.setDegraded(true);
  return listen(channel, {
    onMessage: (key) => (key === '*' ? cache.clear() : cache.invalidate(key)),
    onState: (listening) => {
      cache.setDegraded(!listening);
      if (!listening) opts.onLost();
    },
    onError: opts.onError,
  });
}
