import { type Static, type TSchema, Type } from 'typebox';

/** A plain acknowledgement with a text for a person. */
export const MessageReply = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
});
export type MessageReply = Static<typeof MessageReply>;

/** Paging query: page from 1, limit 1..100 (defaults 1 and 10, SPEC.md section 9). */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
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
