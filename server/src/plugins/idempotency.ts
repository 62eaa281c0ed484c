import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import {
  claim,
  fingerprint,
  idempotencySecrets,
  type KeyRef,
  keepAnswer,
  keyOf,
  purgeExpired,
  release,
  seal,
  unseal,
} from '../lib/idempotency';
import { hooksOf } from '../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This POST changes nothing a repeat could double (a login): its Idempotency-Key is not
     * kept, and a repeat simply runs again. So a login in flight on a process that dies is
     * answered by the next one, not refused as unknown.
     */
    repeatable?: boolean;
  }
}

/** How often each process removes expired keys (they are ignored when past their lifetime anyway). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POST (docs/reliability.md "Rolling restart"): a POST repeated with the
 * same key by the same member within 24 hours answers the first answer again (same status and
 * body, with `Idempotent-Replayed: true`) and changes nothing. lib/idempotency.ts keeps the keys.
 *
 * - Scope: the member (read by the route's onRequest guard, so this runs at preHandler, after
 *   the guards and validation); visitors' calls (registration, password reset) share the scope
 *   '' and are told apart by the request itself, whose fingerprint must match: a repeat of
 *   someone else's registration needs their password anyway. Login changes nothing and keeps
 *   no key (`config.repeatable`).
 * - A repeat while the first still runs waits for its answer (up to 10 s, then 409).
 * - Kept: 2xx and 4xx, but not 429 (a limit says "later", not "never"). A 5xx gives the key
 *   back, so that a retry runs again.
 *
 * Register before the drain plugin: the answer is stored in onSend, and the drain counts a
 * handler as settled at its own onSend, after which shutdown may close the database.
 */
async function idempotency(app: FastifyInstance) {
  const db = app.database.db;
  const secrets = idempotencySecrets(app.config.jwtSecret);
  const claimed = new WeakMap<FastifyRequest, KeyRef>();

  const claimOrReplay: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = keyOf(request.headers['idempotency-key']);
    if (key === undefined) return;
    const ref = { scope: request.user?.id ?? '', key };
    // A multipart body is read by the handler, after this hook: its length stands in for it.
    const body =
      request.body === undefined ? `length ${request.headers['content-length'] ?? ''}` : JSON.stringify(request.body);
    const print = fingerprint(secrets, [request.method, request.url, body]);
    const outcome = await claim(db, ref, print);
    if (outcome.kind === 'claimed') {
      claimed.set(request, ref);
      return;
    }
    return reply
      .code(outcome.status)
      .type('application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(unseal(secrets, outcome.body));
  };
  const keepOrRelease = async (ref: KeyRef, status: number, payload: unknown) => {
    const keep = status < 500 && status !== 429 && typeof payload === 'string';
    try {
      if (keep) await keepAnswer(db, ref, status, seal(secrets, payload));
      else await release(db, ref);
    } catch (err) {
      // The database went away meanwhile: the key stays claimed, and a repeat gets 409.
      app.log.warn({ err, key: ref.key }, 'idempotency: the answer could not be kept');
    }
  };

  // Only a POST that may be repeated looks for a key: other routes carry no hook of this.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || route.config?.repeatable) return;
    route.preHandler = [claimOrReplay, ...hooksOf(route.preHandler)];
  });
  // App-wide, so that it runs before the drain's onSend; a callback hook that returns at once
  // when this request claimed no key, which is almost every request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const ref = claimed.get(request);
    if (!ref) return done(null, payload);
    claimed.delete(request);
    void keepOrRelease(ref, reply.statusCode, payload).then(() => done(null, payload));
  });

  const purge = () =>
    purgeExpired(db).catch((err) => app.log.warn({ err }, 'idempotency: purging expired keys failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(purge, PURGE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const idempotencyPlugin = fp(idempotency, { name: 'idempotency', dependencies: ['database'] });
