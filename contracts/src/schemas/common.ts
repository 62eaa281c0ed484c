import { type Static, type TSchema, Type } from 'typebox';
import { PAGE_MAX, PAGE_SIZE_MAX } from '../limits';
import { nameSchemas } from './named';

/*
 * Nullable and StringEnum write "T or null" and "one of these strings" as JSON Schema type
 * lists and enums rather than anyOf. Fastify's serializer (fast-json-stringify) checks each
 * anyOf member of every value with Ajv, about 140 validations for a page of 20 movies, where
 * a type list or an enum costs it a typeof. Validation errors name the same keywords (type,
 * format, minimum, enum), and the OpenAPI 3.0 document shows `nullable: true`.
 */

/** T or null. T must be a schema with a single `type` (string, integer, ...). */
export const Nullable = <T extends TSchema>(t: T) =>
  Type.Unsafe<Static<T> | null>({ ...t, type: [(t as unknown as { type: string }).type, 'null'] });

/** One of the given strings. */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** A plain acknowledgement with a text for a person. */
export const MessageReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
});
export type MessageReply = Static<typeof MessageReply>;

/** Paging query: page from 1, limit 1..100 (defaults 1 and 10, docs/product.md#api-shape). */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 }),
});
export type PageQuery = Static<typeof PageQuery>;

/** The paged list envelope: {success, data, page, limit, total}. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    data: Type.Array(item),
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
  });

/** The count envelope: {success, count}. */
export const CountReply = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
});
export type CountReply = Static<typeof CountReply>;

/** A path parameter holding a UUID. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type IdParams = Static<typeof IdParams>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ MessageReply, CountReply });
