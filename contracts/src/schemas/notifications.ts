import { type Static, Type } from 'typebox';
import { PAGE_SIZE_MAX } from '../limits';
import { Nullable, StringEnum } from './common';
import { CursorQuery, FilmRef } from './feed';
import { PersonRef } from './people';

export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_accepted',
  'comment_approved',
  'comment_rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Something that happened to the member (docs/feed.md#notifications): `actor` for the friend
 * types, `film` and `text` (an excerpt of the comment) for the comment types.
 */
export const Notification = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: StringEnum(NOTIFICATION_TYPES),
  actor: Type.Optional(PersonRef),
  film: Type.Optional(FilmRef),
  text: Type.Optional(Type.String()),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Notification = Static<typeof Notification>;

/**
 * `exclude_type` leaves one type out: the header lists friend requests in a section of their own
 * (from the friends routes), and the other notifications and their unread count below it.
 */
export const NotificationTypeFilter = Type.Object({
  exclude_type: Type.Optional(StringEnum(NOTIFICATION_TYPES)),
});
export const NotificationQuery = Type.Object({ ...CursorQuery.properties, ...NotificationTypeFilter.properties });
export type NotificationQuery = Static<typeof NotificationQuery>;

export const NotificationPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Notification),
  next_cursor: Nullable(Type.String()),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** Marks the given notifications of the caller read, or all of them when `ids` is absent. */
export const MarkReadBody = Type.Object(
  { ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: PAGE_SIZE_MAX })) },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MarkReadReply = Type.Object({
  success: Type.Literal(true),
  /** How many were unread and are read now. */
  count: Type.Integer(),
});
export type MarkReadReply = Static<typeof MarkReadReply>;
