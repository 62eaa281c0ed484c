import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

const MB = 1024 * 1024;

/** Stores `body` under `key` with `tags` at once, as a request that raced nothing would. */
const put = (cache: ReturnType<typeof createResponseCache>, key: string, tags: string[], body = `body of ${key}`) =>
  cache.begin(key, tags)(body);

describe('createResponseCache', () => {
  it('keeps an answer until a tag of it is invalidated, and only answers under that tag go', () => {
    const cache = createResponseCache({ maxBytes: MB });
    put(cache, 'a', ['movies:1']);
    put(cache, 'b', ['movies:2', 'people']);
    put(cache, 'c', ['people:3', 'people']);
    expect(cache.get('a')?.body.toString()).toBe('body of a');
    cache.invalidate('movies:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('body of b');
    cache.invalidate('people');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses an answer begun before an invalidation of one of its tags: it may show the old data', () => {
    const cache = createResponseCache({ maxBytes: MB });
    const store = cache.begin('k', ['movies:1', 'people']);
    cache.invalidate('people');
    store('made from the old rows');
    expect(cache.get('k')).toBeUndefined();
    // Begun after it, an answer is kept; an invalidation of an unrelated tag refuses nothing.
    const next = cache.begin('k', ['movies:1', 'people']);
    cache.invalidate('movies:2');
    next('fresh');
    expect(cache.get('k')?.body.toString()).toBe('fresh');
  });

  it('refuses answers begun before a clear', () => {
    const cache = createResponseCache({ maxBytes: MB });
    const store = cache.begin('k', ['t']);
    cache.clear();
    store('old');
    expect(cache.get('k')).toBeUndefined();
  });

  it('refuses every answer begun before an invalidation it no longer remembers', () => {
    const cache = createResponseCache({ maxBytes: MB, maxTagRecords: 2 });
    const store = cache.begin('k', ['a']);
    cache.invalidate('a');
    cache.invalidate('b');
    cache.invalidate('c'); // forgets 'a'
    store('old');
    expect(cache.get('k')).toBeUndefined();
    put(cache, 'k', ['a'], 'new');
    expect(cache.get('k')?.body.toString()).toBe('new');
  });

  it('replaces an answer under the same key, filed under its new tags only', () => {
    const cache = createResponseCache({ maxBytes: MB });
    put(cache, 'k', ['old'], 'one');
    put(cache, 'k', ['new'], 'two');
    cache.invalidate('old');
    expect(cache.get('k')?.body.toString()).toBe('two');
    cache.invalidate('new');
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps at most maxBytes of answers, dropping the least recently used, and skips one larger than all', () => {
    // Each answer counts 1.5 × its body (room for its compressed forms) and 65 for its key.
    const cache = createResponseCache({ maxBytes: 1000 });
    put(cache, 'a', ['t'], 'x'.repeat(250));
    put(cache, 'b', ['t'], 'y'.repeat(250));
    expect(cache.get('a')).toBeDefined(); // now the most recent
    put(cache, 'c', ['t'], 'z'.repeat(250));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    put(cache, 'huge', ['t'], 'h'.repeat(2000));
    expect(cache.get('huge')).toBeUndefined();
    cache.invalidate('t');
    expect(cache.size).toBe(0);
  });

  it('with admitWhenFull n, keeps every answer that fits; once full, one asked for again soon, and one in n of the others', () => {
    // Each answer below counts 440 (1.5 × 250 + 65): two fit in 1,000.
    const cache = createResponseCache({ maxBytes: 1000, admitWhenFull: 3 });
    put(cache, 'a', ['t'], 'x'.repeat(250));
    put(cache, 'b', ['t'], 'x'.repeat(250));
    expect(put(cache, 'c', ['t'], 'x'.repeat(250))).toBeUndefined();
    expect(put(cache, 'd', ['t'], 'x'.repeat(250))).toBeUndefined();
    expect(put(cache, 'e', ['t'], 'x'.repeat(250))).toBeDefined();
    expect(['a', 'b', 'c', 'd', 'e'].filter((k) => cache.get(k))).toEqual(['b', 'e']);
    // Asked for again before a cache's worth of answers was made: kept.
    expect(put(cache, 'f', ['t'], 'x'.repeat(250))).toBeUndefined();
    expect(put(cache, 'f', ['t'], 'x'.repeat(250))).toBeDefined();
    // Room again (an invalidation): answers are kept at once.
    cache.invalidate('t');
    expect(put(cache, 'g', ['t'], 'x'.repeat(250))).toBeDefined();
    expect(put(cache, 'h', ['t'], 'x'.repeat(250))).toBeDefined();
  });

  it('members coming back in turn to more pages than the cache holds: one in n kept, hits instead of none', () => {
    // 50 members' pages of 440 each, a cache of ten: in turn, every answer was evicted before
    // its member came back. One in 16 kept: three a round, each living past its member's return.
    const rounds = (admitWhenFull: number) => {
      const cache = createResponseCache({ maxBytes: 4400, admitWhenFull });
      let hits = 0;
      for (let round = 0; round < 20; round++)
        for (let m = 0; m < 50; m++) {
          if (cache.get(`m${m}`)) hits++;
          else put(cache, `m${m}`, [`m${m}`], 'x'.repeat(250));
        }
      return hits;
    };
    expect(rounds(1)).toBe(0);
    expect(rounds(16)).toBeGreaterThan(50);
  });

  it('keeps bodies as UTF-8 and counts their bytes, not their characters', () => {
    const cache = createResponseCache({ maxBytes: 1000 });
    put(cache, 'a', ['t'], 'x'.repeat(250)); // 375 + 65
    put(cache, 'b', ['t'], 'ə'.repeat(250)); // 500 bytes: 750 + 65, so 'a' goes
    expect(cache.get('a')).toBeUndefined();
    const b = cache.get('b');
    expect(b?.body.length).toBe(500);
    expect(b?.body.toString()).toBe('ə'.repeat(250));
    // Its own memory, not a slice of a shared slab that it would keep whole.
    expect(b?.body.buffer.byteLength).toBe(500);
  });

  it('keeps compressed forms by Accept-Encoding header, within half the body (headers counted), and drops them with the answer', () => {
    const cache = createResponseCache({ maxBytes: MB });
    const answer = put(cache, 'k', ['t'], 'j'.repeat(1000));
    expect(answer).toBe(cache.get('k'));
    const br = { encoding: 'br', body: Buffer.alloc(300) };
    answer?.keepEncoded('gzip, deflate, br', br);
    answer?.keepEncoded('gzip, deflate, br', { encoding: 'br', body: Buffer.alloc(10) }); // the first stays
    // Room: 500, the header's length included. 300 + 17 are taken.
    answer?.keepEncoded('gzip', { encoding: 'gzip', body: Buffer.alloc(180) }); // 184 > 183
    answer?.keepEncoded(' '.repeat(200), { encoding: 'gzip', body: Buffer.alloc(10) }); // a long header: 210 > 183
    answer?.keepEncoded('deflate, gzip', { encoding: 'gzip', body: Buffer.alloc(170) }); // 183 fits
    expect([...(cache.get('k')?.encoded.entries() ?? [])]).toEqual([
      ['gzip, deflate, br', br],
      ['deflate, gzip', { encoding: 'gzip', body: Buffer.alloc(170) }],
    ]);
    cache.invalidate('t');
    expect(cache.get('k')).toBeUndefined();
    expect(put(cache, 'k', ['t'])?.encoded.size).toBe(0);
  });

  it('lets answers live ttlMs, and degradedTtlMs while degraded (entering it drops everything)', () => {
    let now = 1_000; // lru-cache reads a start time of 0 as none
    const cache = createResponseCache({ maxBytes: MB, ttlMs: 10_000, degradedTtlMs: 1_000, now: () => now });
    put(cache, 'k', ['t']);
    now += 9_999;
    expect(cache.get('k')).toBeDefined();
    now += 2;
    expect(cache.get('k')).toBeUndefined();
    put(cache, 'k', ['t']);
    cache.setDegraded(true);
    expect(cache.get('k')).toBeUndefined();
    put(cache, 'k', ['t']);
    now += 1_001;
    expect(cache.get('k')).toBeUndefined();
  });

  it('with ttlSpread, answers live between (1 - spread) × ttlMs and ttlMs', () => {
    let now = 1_000;
    const cache = createResponseCache({ maxBytes: MB, ttlMs: 10_000, ttlSpread: 0.5, now: () => now });
    for (let k = 0; k < 200; k++) put(cache, `k${k}`, ['t']);
    const alive = () => Array.from({ length: 200 }, (_, k) => cache.get(`k${k}`)).filter(Boolean).length;
    now += 4_999;
    expect(alive()).toBe(200);
    now += 2_500;
    const midway = alive();
    expect(midway).toBeGreaterThan(20);
    expect(midway).toBeLessThan(180);
    now += 2_502;
    expect(alive()).toBe(0);
  });
});
