import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Ajv, ErrorObject } from 'ajv';

/**
 * Route schemas compiled at their first use instead of while the app gets ready. Fastify
 * compiles every route's validators (Ajv) and response serializers (fast-json-stringify,
 * also for the HEAD twin of each GET) before it listens, which was a good part of a restart
 * (restart to ready is a benchmark budget, docs/benchmarks.md). Here each one is compiled when a request first needs it,
 * and `compileRest` compiles the others soon after the server listens, a few at a time.
 */
export interface LazySchemas {
  /** For app.setValidatorCompiler: `ajvFor` picks the Ajv instance for a part of the request. */
  validatorCompiler(ajvFor: (httpPart?: string) => Ajv): (route: { schema: object; httpPart?: string }) => Validate;
  /** For Fastify's schemaController.compilersFactory: the default serializers, made lazy. */
  buildSerializer: SerializerFactory;
  /** How many compilations no request has needed yet. */
  readonly pending: number;
  /**
   * Compiles everything still pending, in slices of a few milliseconds so requests get in
   * between. Resolves with the errors of schemas that do not compile (their routes answer 500).
   */
  compileRest(): Promise<unknown[]>;
}

/** A validation function as Fastify calls it: the errors of the last call are on `.errors`. */
export interface Validate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** How long one slice of compileRest may run before it lets requests in. */
const SLICE_MS = 5;

export function lazySchemas(): LazySchemas {
  const pending = new Set<() => unknown>();

  /** A getter that compiles once, on its first call, and is pending until then. */
  function once<F>(compile: () => F): () => F {
    let compiled: { fn: F } | undefined;
    const get = () => {
      if (!compiled) {
        compiled = { fn: compile() };
        pending.delete(get);
      }
      return compiled.fn;
    };
    pending.add(get);
    return get;
  }

  return {
    validatorCompiler(ajvFor) {
      return ({ schema, httpPart }) => {
        const get = once(() => ajvFor(httpPart).compile(schema));
        const validate: Validate = (data) => {
          const fn = get();
          const valid = fn(data) as boolean;
          validate.errors = fn.errors;
          return valid;
        };
        return validate;
      };
    },

    buildSerializer(externalSchemas, serializerOpts) {
      const compile = SerializerSelector()(externalSchemas, serializerOpts);
      return (route) => {
        const get = once(() => compile(route));
        return (data: unknown) => get()(data);
      };
    },

    get pending() {
      return pending.size;
    },

    compileRest() {
      const errors: unknown[] = [];
      return new Promise((resolve) => {
        const slice = () => {
          const end = performance.now() + SLICE_MS;
          for (const get of pending) {
            try {
              get();
            } catch (err) {
              pending.delete(get);
              errors.push(err);
            }
            if (performance.now() > end) break;
          }
          if (pending.size > 0) setImmediate(slice);
          else resolve(errors);
        };
        setImmediate(slice);
      });
    },
  };
}
