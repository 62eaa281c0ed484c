import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors';

/**
 * A fixed-window counter per key (rate-limiter-flexible): in memory, or in Redis
 * when several processes must share it. Throttles, never locks out for good.
 * While Redis is unreachable each process counts in its own memory instead
 * (the limits then hold per process, not in total): a Redis outage must not take
 * logins and registrations down, nor switch the limits off.
 */
export interface Throttle {
  /** Counts one event for key; throws RateLimitedError (429, Retry-After) past the limit. */
  hit(key: string): Promise<void>;
  /** Throws RateLimitedError when key is already at its limit, without counting. */
  check(key: string): Promise<void>;
  /** Counts one event for key without throwing (e.g. a failed login). */
  count(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface ThrottleOptions {
  name: string;
  points: number;
  durationSeconds: number;
  /** The Azerbaijani text of the 429. */
  message: string;
  redis?: Redis;
  /** Namespace of the keys (config.redisPrefix). */
  prefix?: string;
}

export function createThrottle(o: ThrottleOptions): Throttle {
  const base = { keyPrefix: `${o.prefix ?? ''}rl:${o.name}`, points: o.points, duration: o.durationSeconds };
  const memory = new RateLimiterMemory(base);
  const limiter: RateLimiterAbstract = o.redis
    ? new RateLimiterRedis({
        ...base,
        storeClient: o.redis,
        // Not connected: go to the memory counter at once instead of waiting out ioredis's retries.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  const redisReady = () => o.redis?.status === 'ready';
  const refuse = (res: RateLimiterRes): never => {
    throw new RateLimitedError(o.message, res.msBeforeNext / 1000);
  };
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) refuse(err);
        throw err;
      }
    },
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= o.points) refuse(res);
    },
    async count(key) {
      await limiter.penalty(key);
    },
    async reset(key) {
      // The library checks readiness on counting but not on delete, which would wait out the retries.
      if (limiter !== memory) await memory.delete(key);
      if (limiter === memory || redisReady()) await limiter.delete(key);
    },
  };
}
