import { type Static, Type } from 'typebox';

/** A member as shown beside their content: owner of a movie, author of a comment. */
export const PersonRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
});
export type PersonRef = Static<typeof PersonRef>;
