import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BOOT_SCRIPT } from '@kinodost/contracts/boot-script';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The CSP source that allows index.html's one inline script, and nothing else inline. */
export const bootScriptSource = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** True when the install is reached over https (PUBLIC_URL); only then may it ask browsers to stay on https. */
export const servedOverHttps = (publicUrl: string): boolean => new URL(publicUrl).protocol === 'https:';

/**
 * The policy every response carries (CSP without unsafe-inline for scripts, no framing).
 * `upgrade-insecure-requests` and HSTS only over https: on plain http opened by a LAN name or
 * address (a phone) they send every asset to an https port nobody serves and the page stays
 * blank (docs/reliability.md, "Plain HTTP from another machine").
 */
export function securityPolicy(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", bootScriptSource],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // null drops one of helmet's default directives.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** swagger-ui's own CSP for /api/docs, which names `upgrade-insecure-requests` itself: dropped as above. */
export const docsPolicy =
  (https: boolean) =>
  (csp: string): string =>
    https ? csp : csp.replace(/(^|;)\s*upgrade-insecure-requests\s*;?/, '$1').trim();

/**
 * The headers helmet sets for a policy, worked out once. The policy is the same for every
 * response (no per-request nonces), and @fastify/helmet rebuilt helmet's middleware, parsing
 * the CSP again, on every request: a measurable share of a cheap read's CPU time.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * An API answer is for its reader: many depend on the token (a profile, a film page's `mine`) or
 * are private outright (messages, notifications, an admin's list of emails), so no shared cache
 * may keep one, and a browser asks again each time. A route that may be kept says so itself
 * (GET /api/site: public for an hour).
 */
const API_CACHE_CONTROL = 'private, no-cache';

/** Sets the security headers on every reply, errors and 404s included; a route may override one. */
export const securityHeadersPlugin = fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = helmetHeaders(securityPolicy(servedOverHttps(app.config.publicUrl)));
  const apiHeaders = { ...headers, 'cache-control': API_CACHE_CONTROL };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
});
