import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../lib/errors';
import { msg } from '../lib/messages';

/** Whether a value (a string, or strings inside arrays and objects) holds U+0000. */
const holdsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
};

/** The top-level names of `part` (a body, a query, the params) whose text holds U+0000. */
const fieldsWithNul = (part: unknown): string[] =>
  part !== null && typeof part === 'object' && !Array.isArray(part)
    ? Object.entries(part).flatMap(([name, value]) => (holdsNul(value) ? [name] : []))
    : [];

/**
 * PostgreSQL cannot store U+0000 in text, and nothing a person types holds it. A body, query or
 * path carrying it is refused before validation, with the fields that hold it named, as any
 * other bad field is (docs/product.md#api-shape); the error handler's SQLSTATE check stays
 * behind it for text that reaches a query another way.
 */
export const unstorableTextPlugin = fp(async function unstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const names = [request.params, request.query, request.body].flatMap(fieldsWithNul);
    if (names.length === 0) return;
    throw new ValidationError(
      msg.common.validation,
      Object.fromEntries(names.map((name) => [name, msg.common.unstorableText])),
    );
  });
});
