import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import multipart from '@fastify/multipart';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ErrorBody, ErrorCode } from '@kinodost/contracts/errors';
import { IMAGE_MAX_BYTES } from '@kinodost/contracts/limits';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { openDatabase } from './db/open';
import { registerFeatures } from './features/index';
import { withPlausibleDateTimes } from './lib/dates';
import { BadRequestError, UnsupportedMediaTypeError } from './lib/errors';
import { createEventBus, type EventBus } from './lib/event-bus';
import { JSON_MAX_DEPTH, nestedDeeperThan } from './lib/json-depth';
import { type LazySchemas, lazySchemas } from './lib/lazy-schemas';
import { requestForLog } from './lib/log-redaction';
import type { Mailer } from './lib/mailer';
import { msg } from './lib/messages';
import { wellFormed } from './lib/well-formed';
import { allowedMethodsPlugin } from './plugins/allowed-methods';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { databasePlugin } from './plugins/database';
import { drainPlugin } from './plugins/drain';
import { clientErrorHandler, errorHandlerPlugin } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { mailerPlugin } from './plugins/mailer';
import { openapiPlugin } from './plugins/openapi';
import { redisPlugin } from './plugins/redis';
import { responseCachePlugin } from './plugins/response-cache';
import { docsPolicy, securityHeadersPlugin, servedOverHttps } from './plugins/security-headers';
import { socketPlugin } from './plugins/socket';
import { socketRelayPlugin } from './plugins/socket-relay';
import { storagePlugin } from './plugins/storage';
import { unstorableTextPlugin } from './plugins/unstorable-text';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Domain events between features (lib/event-bus.ts). */
    bus: EventBus;
    /**
     * Compiles the route validators and serializers no request has needed yet (lib/lazy-schemas.ts;
     * started once the server listens) and resolves with the errors of those that do not compile.
     */
    compileSchemas(): Promise<unknown[]>;
  }
}

/** What tests (or an embedding process) may hand in instead of opening from config. */
export interface AppDeps {
  /** A database the caller owns and closes. */
  database?: Database;
  /**
   * The configured database (openDatabase), already being opened: main.ts starts that before
   * loading the app's modules so the two overlap. The app owns it and closes it.
   */
  opening?: Promise<Database>;
  mailer?: Mailer;
}

export type App = FastifyInstance;

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/** Bodies are validated strictly (no type coercion); query strings and params are coerced from text. */
function validators(schemas: LazySchemas) {
  const common = { useDefaults: true, removeAdditional: false, strict: false, allErrors: true } as const;
  const body = withPlausibleDateTimes(addFormats(new Ajv({ ...common, coerceTypes: false })));
  const text = withPlausibleDateTimes(addFormats(new Ajv({ ...common, coerceTypes: 'array' })));
  return schemas.validatorCompiler((httpPart) => (httpPart === 'body' ? body : text));
}

/**
 * swagger-ui's own logo, read here at once: left to itself the plugin reads it through the
 * thread pool, which right after PGlite's start (its wasm being optimised on the other core)
 * waits its turn and slows a restart.
 */
function swaggerUiLogo() {
  const file = createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/logo.svg');
  return { type: 'image/svg+xml', content: readFileSync(file) };
}

/** Builds the whole app from a validated config: infrastructure, then app plugins, then features. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // Route validators and serializers are compiled at first use, not before listening.
  const schemas = lazySchemas();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Reset tokens travel in the path: lib/log-redaction.ts keeps them out of the log.
      serializers: { req: requestForLog },
    },
    // fastify accepts a hop count too, which its types omit.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within two minutes (a 10 MB import at 1 Mbit/s takes 80 s), or
    // it gets the 408 error body: Fastify's default is no limit, so a body that stops coming held
    // its connection and memory for good. Node checks every 30 s.
    requestTimeout: 120_000,
    // Keep-alive sockets are closed on shutdown, busy ones finish their request first.
    forceCloseConnections: 'idle',
    // A request still arriving while draining gets the API's 503 error body (the onRequest hook
    // below); Fastify's own return503OnClosing answers with a body of its own shape.
    return503OnClosing: false,
    // Search terms travel in the path (docs/product.md#films-and-movies); the router's default cap of 100 is too tight.
    routerOptions: { maxParamLength: 500 },
    // A malformed URL (bad percent-encoding) still gets the API's error body.
    frameworkErrors: (_err, _request, reply) => {
      const body: ErrorBody = { success: false, error: msg.common.badUrl, code: ErrorCode.BAD_REQUEST };
      (reply as FastifyReply).code(400).send(body);
    },
    clientErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: schemas.buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validators(schemas));
  let compiling: Promise<unknown[]> | undefined;
  app.decorate('compileSchemas', () => {
    compiling ??= schemas.compileRest().then((errors) => {
      for (const err of errors) app.log.error({ err }, 'a route schema does not compile');
      return errors;
    });
    return compiling;
  });
  // What no request has needed yet is compiled once the server listens, between requests.
  app.addHook('onListen', async () => {
    void app.compileSchemas();
  });
  // No route takes plain text: such a body is refused with 415, as a form is.
  app.removeContentTypeParser('text/plain');
  // docs/product.md#api-shape: the web client sends friend and newsletter calls with a JSON content
  // type even when they carry no body (accept, mark-viewed, delete). Fastify refuses an empty
  // JSON body by default; here an empty body is no body, and anything else parses as before
  // (with the default parser's prototype-poisoning protection), its strings made well-formed.
  // The body is read as UTF-8 (RFC 8259 §8.1): one declared in another charset is refused with 415
  // rather than read as mojibake.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      return done(new UnsupportedMediaTypeError(msg.common.unsupportedMediaType), undefined);
    }
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err);
      // Nesting past any body of ours is refused before the walks over the body, which recurse.
      if (nestedDeeperThan(value, JSON_MAX_DEPTH)) return done(new BadRequestError(msg.common.tooDeep), undefined);
      done(null, wellFormed(value));
    });
  });

  app.decorate('config', config);
  app.decorate('bus', createEventBus());
  // Infrastructure first: onClose hooks run last-registered first, so what is registered first
  // closes last, after everything that uses it. The database is awaited here rather than in its
  // plugin, outside the plugin timeout (main.ts started opening it already).
  const database = deps.database ?? (await (deps.opening ?? openDatabase(config)));
  await app.register(databasePlugin, { database, owned: !deps.database });
  await app.register(redisPlugin);
  await app.register(mailerPlugin, { mailer: deps.mailer });
  // Before the drain: an answer is kept (onSend) before the drain counts its handler settled.
  await app.register(idempotencyPlugin);
  await app.register(drainPlugin);
  // Runs before the infrastructure's own close hooks (mailer, Redis, database), within
  // close-with-grace's 10 s (main.ts), leaving time for the rest.
  app.addHook('onClose', async () => {
    await app.handlersSettled(5000);
  });

  await app.register(securityHeadersPlugin);
  // Before the routes: it learns each one as it is added.
  await app.register(allowedMethodsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(unstorableTextPlugin);
  await app.register(authPlugin);
  await app.register(compressionPlugin);
  await app.register(responseCachePlugin);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(openapiPlugin, {
    info: {
      title: 'KinoDost API',
      version: '1.0.0',
      description:
        'The KinoDost server API (docs/api.md). A POST that carries an `Idempotency-Key` header (up to 200 characters) and is repeated by the same member within 24 hours answers the first answer again (same status and body, with `Idempotent-Replayed: true`) and changes nothing.',
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsPolicy(servedOverHttps(config.publicUrl)),
    logo: swaggerUiLogo(),
  });
  await app.register(storagePlugin);
  await app.register(socketPlugin);

  await app.register(registerFeatures, { prefix: '/api' });
  // After the features: a feature's own part of an event (presence stops a watch) comes first.
  await app.register(socketRelayPlugin);
  await app.register(webPlugin, { dist: config.webDist });
  return app;
}
