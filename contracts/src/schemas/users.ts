import { type Static, Type } from 'typebox';
import { PAGE_MAX, PAGE_SIZE_MAX, PASSWORD_MAX, SEARCH_QUERY_MAX } from '../limits';
import { Email, Username } from './auth';
import { Nullable, Paged, StringEnum } from './common';
import { nameSchemas } from './named';

/**
 * Who may see a member's collection, entries and activity: anyone (public), friends, or
 * nobody but themselves (private). Presence and last seen: friends, and other members when
 * public (docs/social.md "Privacy").
 */
export const VISIBILITIES = ['public', 'friends', 'private'] as const;
export const Visibility = StringEnum(VISIBILITIES);
export type Visibility = Static<typeof Visibility>;

/** A member's profile (docs/product.md#accounts); email and visibility only for the owner and admins. */
export const UserProfile = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  email: Type.String(),
  avatar_url: Nullable(Type.String()),
  isAdmin: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  visibility: Visibility,
});
export type UserProfile = Static<typeof UserProfile>;

/**
 * What anyone may see of a member. `last_seen` is left out for those who may not see the
 * member's presence (visitors always; docs/social.md "Privacy"); `collection_hidden` says
 * whether the caller may see their collection.
 */
export const PublicProfile = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  avatar_url: Nullable(Type.String()),
  isAdmin: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  last_seen: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  collection_hidden: Type.Boolean(),
});
export type PublicProfile = Static<typeof PublicProfile>;

/**
 * A member's own edit. A new email needs `currentPassword`: the address decides where reset links
 * go, so a stolen session alone must not move the account to another mailbox.
 */
export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    visibility: Type.Optional(Visibility),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/** Admin edit of another user. */
export const AdminUpdateUserBody = Type.Object(
  { username: Type.Optional(Username), email: Type.Optional(Email), isAdmin: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminUpdateUserBody = Static<typeof AdminUpdateUserBody>;

export const AdminFlagBody = Type.Object({ isAdmin: Type.Boolean() });
export type AdminFlagBody = Static<typeof AdminFlagBody>;

export const UserSort = StringEnum(['created_at', '-created_at', 'username', '-username']);
export type UserSort = Static<typeof UserSort>;

/** GET /api/user/all query: paged, searchable by username or email, sortable. */
export const UserListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX })),
  sort: Type.Optional(UserSort),
});
export type UserListQuery = Static<typeof UserListQuery>;

/** A page of users, plus how many admins the install has (the page disables the last one's controls). */
export const UserList = Type.Object({
  ...Paged(UserProfile).properties,
  adminCount: Type.Integer({ minimum: 0 }),
});
export type UserList = Static<typeof UserList>;

/** DELETE /api/user/profile: the member deletes their own account, confirming with the password. */
export const DeleteAccountBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ UserProfile, PublicProfile, UpdateProfileBody, AdminUpdateUserBody, AdminFlagBody, UserList });
