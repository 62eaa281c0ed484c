import { LRUCache } from 'lru-cache';
import { spreadTtl, USER_CACHE_DEGRADED_TTL_MS, USER_CACHE_TTL_MS } from './user-cache';

/**
 * Serialized answers of read routes (one page of a list, a count), by key, each filed under
 * the tags of the data it was made from. A write drops every answer filed under the tags it
 * touched, here and (plugins/response-cache.ts) in the other processes, so an answer is never
 * served once its data has changed; the TTL only bounds a change whose message was lost, as
 * for the user cache (lib/user-cache.ts), whose lifetimes these are.
 */
export interface ResponseCache {
  /** The stored answer for `key`, if any. */
  get(key: string): CachedAnswer | undefined;
  /**
   * Starts making `key`'s answer from data filed under `tags`. The returned store keeps the
   * body (as UTF-8) unless one of those tags was invalidated since this call (the answer may
   * predate it), and returns the answer it kept.
   */
  begin(key: string, tags: readonly string[]): (text: string) => CachedAnswer | undefined;
  /** Drops every answer filed under `tag`, and refuses answers begun before now under it. */
  invalidate(tag: string): void;
  clear(): void;
  /** Degraded: invalidations from other processes may be lost, so answers live briefly. */
  setDegraded(degraded: boolean): void;
  readonly degraded: boolean;
  readonly size: number;
}

export interface ResponseCacheOptions {
  /** Bytes of bodies kept at most (least recently used go first). */
  maxBytes: number;
  ttlMs?: number;
  degradedTtlMs?: number;
  /** Shortens each answer's life by up to this fraction, at random (lib/user-cache.ts TTL_SPREAD; default none). */
  ttlSpread?: number;
  /**
   * When an answer would only fit by evicting others, it is kept if the answers made since its key
   * last missed would fit in the cache, else one such answer in this many (1, the default: all).
   * Members who come back to more pages than the cache holds, in turn, would otherwise evict every
   * answer before it is asked for again: each miss paid for encoding and filing an answer that
   * never served a hit. Kept one in n, the answers kept live n times longer and the ones that
   * come back within that time hit; a page asked for again soon is kept on its second miss.
   */
  admitWhenFull?: number;
  /** How many recent invalidations are remembered for answers being made (older ones refuse all such answers). */
  maxTagRecords?: number;
  /** A clock for tests (lru-cache's `perf`). */
  now?: () => number;
}

/** An answer as it was compressed for one Accept-Encoding header (plugins/compression.ts). */
export interface EncodedAnswer {
  encoding: string;
  body: Buffer;
}

export interface CachedAnswer {
  /**
   * The JSON as UTF-8, encoded once: a hit is sent without encoding it again, and it takes half
   * the memory of the text, which V8 keeps at two bytes a character as soon as one is not Latin-1
   * (as ə, ğ, ı and ş are not).
   */
  readonly body: Buffer;
  /**
   * Its compressed forms, by the Accept-Encoding header they were made for: a browser sends
   * the same header on every request, so its next hit is sent as compressed before, at no cost.
   */
  readonly encoded: ReadonlyMap<string, EncodedAnswer>;
  /** Keeps a compressed form, within the room set aside for them (ENCODED_SHARE of the body, headers included). */
  keepEncoded(acceptEncoding: string, answer: EncodedAnswer): void;
}

/**
 * Room for an answer's compressed forms, as a share of its body, counted in its size when it is
 * stored. Compressed JSON is a fifth to a tenth of it, so two or three forms fit; one that does
 * not fit is simply compressed again on each hit.
 */
const ENCODED_SHARE = 0.5;

/** How many keys' last misses the cache remembers, for its admission (admitWhenFull). */
const REMEMBERED_MISSES = 20_000;

interface Entry extends CachedAnswer {
  tags: readonly string[];
}

/**
 * `text` as UTF-8 in a buffer of its own: Buffer.from would take small ones from a shared 8 KB
 * slab, which one long-lived answer would then keep whole.
 */
const encoder = new TextEncoder();
const utf8 = (text: string): Buffer => {
  const bytes = encoder.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

function newEntry(text: string, tags: readonly string[]): Entry {
  const body = utf8(text);
  const encoded = new Map<string, EncodedAnswer>();
  let room = Math.floor(body.length * ENCODED_SHARE);
  return {
    body,
    tags,
    encoded,
    keepEncoded(acceptEncoding, answer) {
      // The header is a key of ours, and a client may send a long one: it takes room too.
      const size = answer.body.length + acceptEncoding.length;
      if (encoded.has(acceptEncoding) || size > room) return;
      room -= size;
      encoded.set(acceptEncoding, answer);
    },
  };
}

export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  const ttl = opts.ttlMs ?? USER_CACHE_TTL_MS;
  const degradedTtl = opts.degradedTtlMs ?? USER_CACHE_DEGRADED_TTL_MS;
  const spread = opts.ttlSpread ?? 0;
  const clock = opts.now ? { perf: { now: opts.now }, ttlResolution: 0 } : {};
  /** Keys by tag, for invalidation; kept in step with `entries` by its dispose. */
  const keysByTag = new Map<string, Set<string>>();
  const maxSize = Math.max(1, opts.maxBytes);
  // The body's bytes and room for its compressed forms; the rest is the entry's own overhead.
  const sizeOf = (bodyBytes: number, key: string) => Math.ceil(bodyBytes * (1 + ENCODED_SHARE)) + key.length + 64;
  const admitWhenFull = Math.max(1, Math.floor(opts.admitWhenFull ?? 1));
  let fullMisses = 0;
  /** The size of every answer made so far, summed: where each key's last miss stands in it. */
  let missedBytes = 0;
  const missedAt = new LRUCache<string, number>({ max: REMEMBERED_MISSES });
  /**
   * Whether an answer of `text` under `key` is kept: always while it fits; once it would evict,
   * when the answers made since its key last missed fit in the cache (kept then, it would still
   * be there, and this miss a hit: a member coming back to a page), and otherwise one in
   * admitWhenFull.
   */
  const admit = (key: string, text: string) => {
    if (admitWhenFull === 1) return true;
    // A UTF-8 body has at least as many bytes as the text has UTF-16 units: the size's lower
    // bound, known without encoding the text, which a refused answer never is.
    const size = sizeOf(text.length, key);
    const last = missedAt.get(key);
    missedBytes += size;
    missedAt.set(key, missedBytes);
    if (entries.calculatedSize + size <= maxSize) return true;
    return (last !== undefined && missedBytes - last <= maxSize) || ++fullMisses % admitWhenFull === 0;
  };
  const entries = new LRUCache<string, Entry>({
    maxSize,
    sizeCalculation: (entry, key) => sizeOf(entry.body.length, key),
    ttl,
    ...clock,
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });

  // A sequence number orders invalidations against the start of answers being made: an answer
  // begun at `seq` is refused if a tag of it was invalidated later. Invalidations are remembered
  // per tag, boundedly; once one is forgotten, every answer begun before it is refused too.
  let seq = 0;
  let forgottenUpTo = 0;
  const invalidatedAt = new LRUCache<string, number>({
    max: opts.maxTagRecords ?? 50_000,
    dispose: (at, _tag, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, at);
    },
  });
  let degraded = false;

  const stale = (begun: number, tags: readonly string[]) =>
    begun < forgottenUpTo || tags.some((tag) => (invalidatedAt.get(tag) ?? 0) > begun);

  const cache: ResponseCache = {
    get: (key) => entries.get(key),
    begin(key, tags) {
      const begun = seq;
      return (text) => {
        if (stale(begun, tags) || !admit(key, text)) return undefined;
        const life = degraded ? degradedTtl : ttl;
        const entry = newEntry(text, tags);
        entries.set(key, entry, { ttl: spreadTtl(life, spread) });
        // set() disposed of any earlier entry under this key first, tags and all.
        if (!entries.has(key)) return undefined; // larger than the whole cache
        for (const tag of tags) {
          const keys = keysByTag.get(tag);
          if (keys) keys.add(key);
          else keysByTag.set(tag, new Set([key]));
        }
        return entry;
      };
    },
    invalidate(tag) {
      invalidatedAt.set(tag, ++seq);
      const keys = keysByTag.get(tag);
      if (keys) for (const key of [...keys]) entries.delete(key);
    },
    clear() {
      forgottenUpTo = ++seq;
      entries.clear();
      invalidatedAt.clear();
    },
    setDegraded(value) {
      if (value === degraded) return;
      degraded = value;
      // Answers stored under the other regime may outlive what it promises.
      cache.clear();
    },
    get degraded() {
      return degraded;
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
