import { type Static, Type } from 'typebox';
import { PersonRef } from './people';

/** A member the caller has blocked, and since when. */
export const BlockedPerson = Type.Object({
  ...PersonRef.properties,
  blocked_at: Type.String({ format: 'date-time' }),
});
export type BlockedPerson = Static<typeof BlockedPerson>;

/** GET /api/user/blocks: everyone the caller has blocked, newest first. */
export const BlockList = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(BlockedPerson),
});
export type BlockList = Static<typeof BlockList>;

/** A path parameter holding the member to block or unblock. */
export const BlockParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type BlockParams = Static<typeof BlockParams>;
