import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DomainEvents } from '../lib/event-bus';
import { type CachedAnswer, createResponseCache, type ResponseCache } from '../lib/response-cache';
import { hooksOf } from '../lib/route-hooks';
import {
  ANNOUNCED_TTL_MS,
  followAnnouncements,
  type InvalidationChannel,
  shareInvalidations,
  TTL_SPREAD,
} from '../lib/user-cache';

/** Where PostgreSQL announces changes of the data behind cached answers, one tag each (migration 0021_list_changes). */
export const LIST_CHANGES_CHANNEL = 'kinodost_lists_changed';

/**
 * Which tags each domain event makes stale. A cached answer is filed under tags of the data it
 * was made from (a route's `cacheTags`); each write raises a domain event after its commit
 * (lib/event-bus.ts), and the feature that caches the answer says which events drop its tags
 * (`app.invalidateOn`, in the feature's `<name>.cache.ts`). An event no feature names drops
 * nothing: the feed, notifications and messages are not cached.
 */
export type CacheInvalidations = { [K in keyof DomainEvents]?: (...args: DomainEvents[K]) => string[] };

/** The web client's `_t` cache buster names no data: answers differing only in it are one answer. */
const withoutCacheBuster = (url: string) =>
  url.replace(/([?&])_t=[^&]*(&?)/, (_match, lead: string, tail: string) => (tail ? lead : ''));

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Caches this GET route's 200 answers, per caller and URL, filed under these tags of the
     * data they show (plugins/response-cache.ts). Runs after the route's guards.
     */
    cacheTags?: (request: FastifyRequest) => string[];
  }
  interface FastifyInstance {
    responseCache?: ResponseCache;
    /**
     * Drops the tags each of these events makes stale, here and in the other processes
     * (plugins/response-cache.ts). Features call it from their routes plugin.
     */
    invalidateOn(invalidations: CacheInvalidations): void;
  }
  interface FastifyRequest {
    /** Keeps this answer in the response cache when it is a 200. */
    storeAnswer: ((body: string) => CachedAnswer | undefined) | null;
    /** The cached answer this request made or was served, to keep its compressed form with. */
    cachedAnswer: CachedAnswer | undefined;
  }
}

/**
 * Once the cache is full, one answer in this many is kept (lib/response-cache.ts admitWhenFull):
 * enough that members coming back in turn to up to 16 times the pages the cache holds still hit.
 */
const ADMIT_WHEN_FULL = 16;

/**
 * Serves repeated reads of lists from memory (issue 8: a list page on PostgreSQL costs several
 * times a primary-key lookup in row decoding alone). RESPONSE_CACHE_MB sizes it; 0 turns it off.
 * Each write drops the tags it touched here at once (`invalidateOn`). On PostgreSQL, triggers
 * (migration 0021_list_changes) also NOTIFY every process of each tag whose data changed, whoever
 * changed it, so answers live five minutes; without a listening connection, one second. On PGlite
 * (one process) answers live 10 s, and with Redis the drops reach the other processes on
 * `<REDIS_PREFIX>cache:invalidate`; while that channel is down, answers live one second.
 *
 * An answer is kept as text, and also as plugins/compression.ts compressed it for a request's
 * Accept-Encoding header, so that a browser's hits (which all ask for brotli the same way) are
 * not compressed anew each time: that cost about twice the rest of a hit. Register after
 * the compression plugin, so that the hook which keeps the compressed form runs after its own.
 */
export const responseCachePlugin = fp(
  async function responseCachePlugin(app: FastifyInstance) {
    app.decorateRequest('storeAnswer', null);
    app.decorateRequest('cachedAnswer', undefined);
    if (app.config.responseCacheMb === 0) {
      app.decorate('invalidateOn', () => {});
      return;
    }
    const { listen } = app.database;
    const cache = createResponseCache({
      maxBytes: app.config.responseCacheMb * 1024 * 1024,
      ttlSpread: TTL_SPREAD,
      admitWhenFull: ADMIT_WHEN_FULL,
      ...(listen ? { ttlMs: ANNOUNCED_TTL_MS } : {}),
    });
    app.decorate('responseCache', cache);
    let channel: InvalidationChannel | undefined;
    if (listen) {
      const listener = followAnnouncements(cache, listen, LIST_CHANGES_CHANNEL, {
        onLost: () => app.log.warn('response cache: not listening for changes, answers live 1 s until it is again'),
        onError: (err) => app.log.debug({ err: err.message }, 'response cache: listening connection error'),
      });
      app.addHook('onClose', () => listener.close());
    } else if (app.redis) {
      channel = shareInvalidations(cache, {
        redis: app.redis,
        channel: `${app.config.redisPrefix}cache:invalidate`,
        onError: (err) => app.log.warn({ err: err.message }, 'response cache: redis channel error'),
      });
    }

    const listeners: (() => void)[] = [];
    app.decorate('invalidateOn', (invalidations: CacheInvalidations) => {
      for (const [event, tagsOf] of Object.entries(invalidations)) {
        const listener = (...args: unknown[]) => {
          for (const t of (tagsOf as (...a: unknown[]) => string[])(...args)) {
            cache.invalidate(t);
            channel?.publish(t);
          }
        };
        app.bus.on(event as keyof DomainEvents, listener as never);
        listeners.push(() => app.bus.off(event as keyof DomainEvents, listener as never));
      }
    });
    app.addHook('onClose', async () => {
      for (const off of listeners) off();
      await channel?.close();
    });

    // After the route's guards and validation: a cached answer is only ever served to whom the route serves it.
    const serveOrBegin: preHandlerHookHandler = (request, reply, done) => {
      const tagsOf = request.routeOptions.config.cacheTags;
      if (!tagsOf || request.method !== 'GET') return done();
      const key = `${request.user?.id ?? '-'} ${withoutCacheBuster(request.url)}`;
      const answer = cache.get(key);
      if (!answer) {
        reply.header('x-cache', 'miss');
        request.storeAnswer = cache.begin(key, tagsOf(request));
        return done();
      }
      // Says which answers came from memory, so a load can measure its hit ratio (bench/http.ts).
      reply.header('x-cache', 'hit');
      reply.type('application/json; charset=utf-8');
      const encoded = answer.encoded.get(request.headers['accept-encoding'] ?? '');
      if (encoded) {
        // The headers the compression plugin set when it made this form; it leaves encoded bodies alone.
        reply.header('vary', 'accept-encoding').header('content-encoding', encoded.encoding).send(encoded.body);
        return;
      }
      request.cachedAnswer = answer;
      reply.send(answer.body);
    };
    const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
      if (request.storeAnswer && reply.statusCode === 200 && typeof payload === 'string') {
        request.cachedAnswer = request.storeAnswer(payload);
        // The bytes just kept go out as they are, rather than being encoded again.
        if (request.cachedAnswer) return done(null, request.cachedAnswer.body);
      }
      done(null, payload);
    };
    const keepEncoded: onSendHookHandler = (request, reply, payload, done) => {
      const encoding = reply.getHeader('content-encoding');
      if (request.cachedAnswer && Buffer.isBuffer(payload) && typeof encoding === 'string') {
        request.cachedAnswer.keepEncoded(request.headers['accept-encoding'] ?? '', { encoding, body: payload });
      }
      done(null, payload);
    };
    // Only the cached routes carry these hooks, so every other request skips them. Callback hooks:
    // they run on every cached read, and an async one would cost a promise each time. Compression's
    // onSend is a route hook too, added by its onRoute before this one runs: the answer is kept as
    // text before it, and in the form it made after it.
    app.addHook('onRoute', (route) => {
      if (!route.config?.cacheTags) return;
      route.preHandler = [serveOrBegin, ...hooksOf(route.preHandler)];
      route.onSend = [keepAnswer, ...hooksOf(route.onSend), keepEncoded];
    });
  },
  {
    // Invalidations travel over Redis between processes; answers are keyed by auth's request.user.
    name: 'response-cache',
    dependencies: ['redis', 'auth'],
  },
);
