import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnavailableError } from '../lib/errors';
import { msg } from '../lib/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once every request handler that has started has settled, and all work they left
     * to `runAfterReply`, with true; or after maxMs with false. onClose hooks await it before
     * closing what handlers use (the database above all).
     */
    handlersSettled(maxMs: number): Promise<boolean>;
    /**
     * Runs work once the answer has gone out (on a later turn of the event loop), so the answer
     * neither waits for it nor tells by its timing what it did (docs/reliability.md, password
     * reset). A failure is logged under `what`; shutdown awaits the work like a handler.
     */
    runAfterReply(what: string, work: () => Promise<unknown>): void;
  }
}

/**
 * The graceful drain of a shutdown (SIGTERM):
 * - a request still arriving gets the API's 503 error body (Fastify's own has another shape);
 * - answers in flight say Connection: close, so keep-alive clients reconnect elsewhere and
 *   their sockets do not hold the process open;
 * - handlers are counted until they settle. Node's server.close() waits for connections, not
 *   handlers: when a client hangs up mid-request the handler is still running, and closing
 *   the database under it would fail its next query. Work run after the answer is counted too.
 * The hooks take callbacks rather than being async: they run on every request.
 */
export const drainPlugin = fp(async function drainPlugin(app: FastifyInstance) {
  let closing = false;
  let running = 0;
  const open = new WeakSet<FastifyRequest>();
  const waiting = new Set<() => void>();
  const finished = () => {
    running--;
    if (running === 0) for (const wake of waiting) wake();
  };
  const settle = (request: FastifyRequest) => {
    if (open.delete(request)) finished();
  };

  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    open.add(request);
    running++;
    done(closing ? new UnavailableError(msg.common.unavailable) : undefined);
  });
  // onSend runs once the handler (or the error handler) has produced the answer, whether or
  // not the client is still there to receive it; onResponse is the backstop.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    settle(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request);
    done();
  });

  app.decorate('runAfterReply', (what: string, work: () => Promise<unknown>) => {
    running++;
    // setImmediate: the answer is written within the current turn (microtasks), the work after it.
    setImmediate(() => {
      Promise.resolve()
        .then(work)
        .catch((err) => app.log.error({ err }, what))
        .finally(finished);
    });
  });

  app.decorate('handlersSettled', (maxMs: number) => {
    if (running === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(wake);
        app.log.warn({ running }, 'shutdown: handlers still running, closing anyway');
        resolve(false);
      }, maxMs);
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(true);
      };
      waiting.add(wake);
    });
  });
});
