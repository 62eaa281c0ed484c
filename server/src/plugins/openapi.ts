import { STATUS_CODES } from 'node:http';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { namedSchemas } from '@kinodost/contracts/schemas/named';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SUMMARIES, TAG_DESCRIPTIONS } from './openapi-texts';

/*
 * The API document at /api/docs/json, made from the route schemas (docs/api.md). Everything a
 * route does not say for itself is filled in here, once, so that routes added later get it too:
 * tag, operationId and summary; shared schemas by name; `security: []` on public operations;
 * optional query parameters where a default applies; the multipart body of an upload; one path
 * per route (no trailing slash); the 500 and the 503 (while the server drains) every route can answer;
 * the 413 and the 415 every route that reads a body can answer.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads one uploaded file from a multipart form (lib/image-upload.ts): the
     * document describes that form, since the body is not validated by a schema.
     */
    upload?: { field: string };
  }
}

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json }>;
  responses?: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * The methods whose body Fastify reads before the route runs, whether or not the route has a body
 * schema: a body past the limit or of a type no parser takes is refused there, on any such route.
 */
const BODY_METHODS = new Set<string>(['put', 'post', 'delete', 'patch', 'options']);

/** `/api/movies/` and `/api/movies` are one route (Fastify answers both): the document lists the second. */
export const documentedPath = (url: string) => (url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url);

const words = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));

/** `GET /api/movies/search/{query}` → `getMoviesSearchByQuery`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `By${words(param[1]!).join('')}` : words(segment).join('');
    });
  return method.toLowerCase() + parts.join('');
}

/** The feature an operation belongs to: the first segment under /api (`admin/films` → `admin`). */
export const tagOf = (path: string) => path.replace(/^\/api\/?/, '').split('/')[0] || 'api';

/** The first sentence of a description, as a summary. */
function firstSentence(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const sentence = /^(.+?[.!?])(\s|$)/s.exec(text)?.[1] ?? text;
  return sentence.length <= 120 ? sentence.replace(/\.$/, '') : undefined;
}

/**
 * Replaces every copy of a named contract schema (contracts/src/schemas/named.ts) inside a route
 * schema by a reference to it (`Movie#`), which @fastify/swagger writes as
 * `#/components/schemas/Movie`. Copies are found by their JSON, so a schema derived from a named
 * one (Partial, a wider Intersect) keeps its own shape. Works on a copy: the route's own schema,
 * which Fastify validates and serializes with, is left as it is.
 */
function nameCopies(schema: unknown, byJson: Map<string, string>, root = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => nameCopies(item, byJson));
  if (schema === null || typeof schema !== 'object') return schema;
  const name = root ? undefined : byJson.get(JSON.stringify(schema));
  if (name) return { $ref: `${name}#` };
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = nameCopies(value, byJson);
  return copy;
}

function transform(byJson: Map<string, string>): FastifyDynamicSwaggerOptions['transform'] {
  return ({ schema, url, route }) => {
    if (!schema) return { schema, url: documentedPath(url) };
    const named = { ...(schema as Json) };
    for (const part of ['body', 'querystring', 'params', 'headers']) {
      if (named[part]) named[part] = nameCopies(named[part], byJson);
    }
    const response = named.response as Json | undefined;
    if (response) {
      named.response = Object.fromEntries(Object.entries(response).map(([code, s]) => [code, nameCopies(s, byJson)]));
    }
    const upload = (route as RouteOptions).config?.upload;
    if (upload && !named.body) {
      named.consumes = ['multipart/form-data'];
      named.body = {
        type: 'object',
        required: [upload.field],
        properties: { [upload.field]: { type: 'string', format: 'binary' } },
      };
    }
    return { schema: named as typeof schema, url: documentedPath(url) };
  };
}

/**
 * OpenAPI 3.0 has no if/then/else (CreateMovieBody tells its two forms apart by one): the
 * document offers either form (`anyOf`), which accepts every body the condition accepts.
 */
function withoutConditionals(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutConditionals);
  if (node === null || typeof node !== 'object') return node;
  const { if: condition, then: yes, else: no, ...rest } = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) out[key] = withoutConditionals(value);
  if (condition === undefined) return node === out ? node : out;
  delete out.type;
  return { ...out, anyOf: [yes, no].filter(Boolean).map(withoutConditionals) };
}

/** What the routes leave unsaid, filled in on the generated document. */
export function completeDocument(document: Json): Json {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.tags ??= [tagOf(path)];
      for (const t of op.tags) tags.add(t);
      op.operationId ??= operationIdOf(method, path);
      op.summary ??= SUMMARIES[`${method.toUpperCase()} ${path}`] ?? firstSentence(op.description);
      // Public operations say so: no security requirement.
      op.security ??= [];
      for (const parameter of op.parameters ?? []) {
        // A query parameter with a default may be left out.
        if (parameter.in === 'query' && parameter.schema && 'default' in parameter.schema) parameter.required = false;
      }
      op.responses ??= {};
      const responses = op.responses;
      for (const [code, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') answer.description = STATUS_CODES[Number(code)] ?? code;
      }
      responses['500'] ??= { $ref: '#/components/responses/InternalError' };
      responses['503'] ??= { $ref: '#/components/responses/Unavailable' };
      if (BODY_METHODS.has(method)) {
        responses['413'] ??= { $ref: '#/components/responses/PayloadTooLarge' };
        responses['415'] ??= { $ref: '#/components/responses/UnsupportedMediaType' };
      }
      // Any POST may carry an Idempotency-Key (plugins/idempotency.ts).
      if (method === 'post') responses['422'] ??= { $ref: '#/components/responses/IdempotencyKeyReused' };
    }
  }
  document.components ??= {};
  const components = document.components as Json;
  components.schemas ??= {};
  const schemas = components.schemas as Json;
  const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
  components.responses = {
    ...(components.responses as Json | undefined),
    InternalError: {
      description: 'Something failed on the server (logged with the request id); the body says so in Azerbaijani.',
      content: errorBody,
    },
    Unavailable: {
      description:
        'The server is shutting down (draining) or a store it needs is unreachable; try again, on another instance if there is one.',
      content: errorBody,
    },
    PayloadTooLarge: {
      description:
        'The body is larger than the server reads (1 MiB of JSON; an upload has its own limit); the body says so in Azerbaijani.',
      content: errorBody,
    },
    IdempotencyKeyReused: {
      description:
        'The Idempotency-Key was sent before (within 24 hours) with another request; the body says so in Azerbaijani.',
      content: errorBody,
    },
    UnsupportedMediaType: {
      description: 'The body is of a type the route does not read; the body says so in Azerbaijani.',
      content: errorBody,
    },
  };
  components.schemas = withoutConditionals(schemas);
  document.paths = withoutConditionals(paths);
  document.tags = [...tags]
    .sort()
    .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Routes under /api/${name}.` }));
  return document;
}

export interface OpenapiOptions {
  info: { title: string; version: string; description: string };
}

/** @fastify/swagger with the conventions of docs/api.md. Register before any route. */
export const openapiPlugin = fp(
  async function openapiPlugin(app: FastifyInstance, opts: OpenapiOptions) {
    const byJson = new Map([...namedSchemas()].map(([name, schema]) => [JSON.stringify(schema), name]));
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: opts.info,
        servers: [{ url: '/', description: 'This server' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Nested schemas with an `$id` (the named copies above) keep that id as their name.
      // Shared schemas keep their names in components.schemas.
      refResolver: {
        buildLocalReference: (json, _base, _fragment, i) => (json.$id as string | undefined) ?? `def-${i}`,
      },
      transform: transform(byJson),
      transformObject: (documents) =>
        completeDocument(
          ('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as Json,
        ) as never,
    });
    // The named schemas are shared schemas of a context with no routes: @fastify/swagger lists
    // every context's shared schemas, while no route's validator or serializer is given them.
    await app.register(async function namedSchemasForTheDocument(scope) {
      for (const [name, schema] of namedSchemas())
        scope.addSchema({ ...(nameCopies(schema, byJson, true) as Json), $id: name });
    });
  },
  { name: 'openapi' },
);
