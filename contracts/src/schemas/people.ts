import { type Static, Type } from 'typebox';
import { Nullable } from './common';
import { nameSchemas } from './named';

/**
 * A member as others see them, the one shape of a person in every answer: a movie's owner, a
 * comment's author, a feed item's actor, a conversation's friend, a request's sender. Lists of
 * people (friends, search hits, blocks) add their own fields to these.
 */
export const PersonRef = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  avatar_url: Nullable(Type.String()),
});
export type PersonRef = Static<typeof PersonRef>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ PersonRef });
