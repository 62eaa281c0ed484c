import type { TSchema } from 'typebox';

/**
 * Shared schemas by name, for the OpenAPI document: a route schema that embeds one of these
 * (the error body, a movie, a profile) shows it as `$ref: '#/components/schemas/<name>'`, so
 * a generated client gets one `Movie` type instead of an anonymous copy per operation.
 *
 * The name lives beside the schema rather than in a `$id` on it: a nested `$id` would reach
 * Fastify's validators and serializers, and TypeBox copies options into derived schemas
 * (Partial, Intersect), which would then claim the same id for a different shape. The server's
 * plugins/openapi.ts finds embedded copies by their JSON, so derived schemas stay apart.
 */
const names = new Map<string, TSchema>();

/** Registers each schema under its key (write `nameSchemas({ Movie, MovieList })`). */
export function nameSchemas(schemas: Record<string, TSchema>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    const known = names.get(name);
    if (known && known !== schema) throw new Error(`two shared schemas are named ${name}`);
    names.set(name, schema);
  }
}

/** Every schema registered so far, by name (those of the contract modules a process imported). */
export function namedSchemas(): ReadonlyMap<string, TSchema> {
  return names;
}
