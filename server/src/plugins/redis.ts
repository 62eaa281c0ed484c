import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set: caches, rate limits, sockets and presence span processes. */
    redis?: Redis;
  }
}

/**
 * The shared Redis connection, only when REDIS_URL is set; without it `app.redis` stays
 * undefined and each consumer falls back to its in-process form.
 */
export const redisPlugin = fp(
  async function redisPlugin(app: FastifyInstance) {
    if (!app.config.redisUrl) return;
    // ioredis is loaded only when Redis is configured: a single-process start does without it.
    const { Redis } = await import('ioredis');
    // Commands queue while Redis is away instead of failing the request at once.
    const redis = new Redis(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', decorators: { fastify: ['config'] } },
);
