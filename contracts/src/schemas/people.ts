import { type Static, Type } from 'typebox';
import { Nullable } from './common';
import { nameSchemas } from './named';

/** A member as shown beside their content: owner of a movie, author of a comment. */
export const PersonRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  avatar_url: Nullable(Type.String()),
});
export type PersonRef = Static<typeof PersonRef>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ PersonRef });
