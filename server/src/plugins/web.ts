import { existsSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@kinodost/contracts/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '../lib/messages';
import { routePageHtml } from './page-html';

/**
 * Serves the built single-page app: hashed assets cached for good, index.html
 * never cached, both precompressed (brotli or gzip) when the build has them,
 * and every other non-API GET answered with index.html so the browser router
 * handles it, naming the page's own chunks for preloading where a route matches
 * and, on `/`, holding the prerendered landing page (page-html.ts). A POST to a
 * page goes back to it by GET. Unknown /api paths answer the API's 404 error body;
 * a known one asked with another method, 405 with `Allow` (allowed-methods.ts).
 */
export const webPlugin = fp(async function webPlugin(app: FastifyInstance, opts: { dist?: string }) {
  const dist = opts.dist;
  const hasWeb = !!dist && existsSync(path.join(dist, 'index.html'));
  const pageHtml = hasWeb ? routePageHtml(dist) : () => undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ dist }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      const html = pageHtml(url.split('?')[0] as string);
      if (html === undefined) return reply.sendFile('index.html', dist as string);
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? html[encoding as 'br' | 'gzip'] : html.identity);
    }
    if (!isApi && hasWeb && request.method === 'POST') {
      // A page's own form sent by a browser without scripts (the sign-in and registration forms
      // say method="post" so that a password never lands in an address): the page again, by GET,
      // rather than the API's JSON. Leading slashes and backslashes fold into one, so the
      // address stays on this site (`//host` would leave it).
      return reply.redirect(`/${url.replace(/^[/\\]+/, '')}`, 303);
    }
    // A route that takes this method sent it here itself (a file not there): that stays 404.
    const allowed = isApi ? app.allowedMethods(url.split('?')[0] as string) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return reply
        .status(405)
        .send({ success: false, error: msg.common.methodNotAllowed, code: ErrorCode.METHOD_NOT_ALLOWED });
    }
    const error = url.startsWith('/uploads/') ? msg.common.fileNotFound : msg.common.notFoundRoute;
    return reply.status(404).send({ success: false, error, code: ErrorCode.NOT_FOUND });
  });
});
