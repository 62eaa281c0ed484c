import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Router, { type HTTPMethod } from 'find-my-way';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers at `path` (no query string); empty when none does. */
    allowedMethods(path: string): string[];
  }
}

/**
 * Keeps a second router of every route's method and pattern, so that the not-found handler can tell
 * a wrong method on a known path (405 with `Allow`, RFC 9110 §15.5.6) from an unknown path (404):
 * Fastify answers both with 404. find-my-way is Fastify's own router, so paths match as they route.
 * Registered before the routes, whose `onRoute` it must see.
 */
export const allowedMethodsPlugin = fp(async function allowedMethodsPlugin(app: FastifyInstance) {
  const router = Router({ maxParamLength: app.initialConfig.routerOptions?.maxParamLength });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat().map((m) => m.toUpperCase() as HTTPMethod)) {
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  app.decorate('allowedMethods', (path: string) =>
    [...methods].filter((method) => router.find(method, path) !== null).sort(),
  );
});
