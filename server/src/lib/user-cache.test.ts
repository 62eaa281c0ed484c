import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { dropped, eventually } from '../test/build-test-app';
import { createUserCache, shareInvalidations } from './user-cache';

interface Row {
  v: number;
}

describe('createUserCache', () => {
  it('reuses a row until its TTL, shorter when degraded', async () => {
    // lru-cache reads a start time of 0 as "never stale".
    let clock = 1;
    const cache = createUserCache<Row>({ ttlMs: 10_000, degradedTtlMs: 1_000, now: () => clock });
    let loads = 0;
    const load = async () => ({ v: ++loads });
    expect(await cache.get('u', load)).toEqual({ v: 1 });
    clock += 9_000;
    expect(await cache.get('u', load)).toEqual({ v: 1 });
    clock += 1_001;
    expect(await cache.get('u', load)).toEqual({ v: 2 });

    cache.setDegraded(true);
    expect(await cache.get('u', load)).toEqual({ v: 3 });
    clock += 900;
    expect(await cache.get('u', load)).toEqual({ v: 3 });
    clock += 200;
    expect(await cache.get('u', load)).toEqual({ v: 4 });
  });

  it('with ttlSpread, rows live between (1 - spread) × ttlMs and ttlMs', async () => {
    let clock = 1;
    const cache = createUserCache<Row>({ ttlMs: 10_000, ttlSpread: 0.5, now: () => clock });
    const ids = Array.from({ length: 200 }, (_, k) => `u${k}`);
    let loads = 0;
    const load = async () => ({ v: ++loads });
    for (const id of ids) await cache.get(id, load);
    const reloadsAfter = async (ms: number) => {
      clock += ms;
      const before = loads;
      for (const id of ids) await cache.get(id, load);
      return loads - before;
    };
    expect(await reloadsAfter(4_999)).toBe(0);
    // Halfway through the spread, some rows have expired and been loaded again, not all.
    const midway = await reloadsAfter(2_500);
    expect(midway).toBeGreaterThan(20);
    expect(midway).toBeLessThan(180);
  });

  it('shares one load between concurrent misses and caches no missing rows', async () => {
    const cache = createUserCache<Row>();
    let loads = 0;
    const load = async () => ({ v: ++loads });
    const rows = await Promise.all([cache.get('u', load), cache.get('u', load), cache.get('u', load)]);
    expect(rows.map((r) => r?.v)).toEqual([1, 1, 1]);
    let misses = 0;
    const none = async () => {
      misses++;
      return undefined;
    };
    await cache.get('gone', none);
    await cache.get('gone', none);
    expect(misses).toBe(2);
  });

  it('does not store a row loaded across an invalidation (it may predate the change)', async () => {
    const cache = createUserCache<Row>();
    let release: (row: Row) => void = () => {};
    const slow = cache.get('u', () => new Promise<Row>((resolve) => (release = resolve)));
    cache.invalidate('u');
    release({ v: 0 });
    expect(await slow).toEqual({ v: 0 });
    // The stale row was not kept: the next request loads again.
    expect(await cache.get('u', async () => ({ v: 1 }))).toEqual({ v: 1 });
  });
});

describe('shareInvalidations', () => {
  it('stays degraded while Redis cannot be reached', async () => {
    const cache = createUserCache<Row>();
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on('error', () => {});
    const channel = shareInvalidations(cache, { redis, channel: 'nowhere' });
    await new Promise((r) => setTimeout(r, 300));
    expect(cache.degraded).toBe(true);
    await channel.close();
    redis.disconnect();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('carries invalidations between two caches once subscribed', async () => {
    const name = `kinodost-test-${randomBytes(4).toString('hex')}:auth:user-changed`;
    const redis = new Redis(redisUrl as string);
    const [one, two] = [createUserCache<Row>(), createUserCache<Row>()];
    const channels = [
      shareInvalidations(one, { redis, channel: name }),
      shareInvalidations(two, { redis, channel: name }),
    ];
    await eventually(async () => (one.degraded || two.degraded ? undefined : true));
    await two.get('u', async () => ({ v: 1 }));
    const told = dropped(two, 'u');
    channels[0]?.publish('u');
    await told;
    expect(two.size).toBe(0);
    for (const c of channels) await c.close();
    await redis.quit();
  });
});
