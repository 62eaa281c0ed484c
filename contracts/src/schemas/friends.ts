import { type Static, Type } from 'typebox';
import { PAGE_MAX, PAGE_SIZE_MAX, PEOPLE_QUERY_MAX } from '../limits';
import { Paged, StringEnum } from './common';
import { nameSchemas } from './named';
import { PersonRef } from './people';

/** Friend lists page by 20 by default, at most 100 a page. */
export const FriendsPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
});
export type FriendsPageQuery = Static<typeof FriendsPageQuery>;

/** A path parameter holding another member's id. */
export const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export type UserIdParams = Static<typeof UserIdParams>;

/** One friend: the friend's own id, plus the friendship's id and since when it holds. */
export const FriendEntry = Type.Object({
  /** The friend (`id` is their user id, linking to /user/{id}). */
  ...PersonRef.properties,
  friendshipId: Type.String({ format: 'uuid' }),
  /** When the request was accepted. */
  since: Type.String({ format: 'date-time' }),
});
export type FriendEntry = Static<typeof FriendEntry>;

/** A pending request sent to me. `id` is the request id for accept and reject. */
export const IncomingRequest = Type.Object({
  id: Type.String({ format: 'uuid' }),
  sender: PersonRef,
  created_at: Type.String({ format: 'date-time' }),
});
export type IncomingRequest = Static<typeof IncomingRequest>;

/** A pending request I sent. `id` is the request id for cancelling. */
export const OutgoingRequest = Type.Object({
  id: Type.String({ format: 'uuid' }),
  receiver: PersonRef,
  created_at: Type.String({ format: 'date-time' }),
});
export type OutgoingRequest = Static<typeof OutgoingRequest>;

export const FriendList = Paged(FriendEntry);
export type FriendList = Static<typeof FriendList>;
export const IncomingRequestList = Paged(IncomingRequest);
export type IncomingRequestList = Static<typeof IncomingRequestList>;
export const OutgoingRequestList = Paged(OutgoingRequest);
export type OutgoingRequestList = Static<typeof OutgoingRequestList>;

export const FriendshipState = StringEnum(['none', 'pending', 'accepted']);
export type FriendshipState = Static<typeof FriendshipState>;

/** Which way a pending request goes, seen from the caller. */
export const RequestDirection = StringEnum(['incoming', 'outgoing']);
export type RequestDirection = Static<typeof RequestDirection>;

/** GET /api/friends/status/{userId} (docs/product.md#friends). */
export const FriendshipStatusReply = Type.Object({
  status: FriendshipState,
  /** Azerbaijani text describing the state for the viewer. */
  message: Type.String(),
  /** False only on your own profile: otherwise there is always something to do (send, accept, cancel, remove). */
  actionable: Type.Boolean(),
  /** Only when pending: incoming (you may accept or reject) or outgoing (you may cancel). */
  direction: Type.Optional(RequestDirection),
  /** Only when pending: the request id for accept, reject or cancel. */
  requestId: Type.Optional(Type.String({ format: 'uuid' })),
  /** Only when accepted: the friendship's id. */
  friendshipId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type FriendshipStatusReply = Static<typeof FriendshipStatusReply>;

/** POST /api/friends/request/{userId}: pending (201), or accepted (200) when they had already asked you. */
export const SendRequestReply = Type.Object({
  success: Type.Literal(true),
  status: StringEnum(['pending', 'accepted']),
  message: Type.String(),
  requestId: Type.String({ format: 'uuid' }),
});
export type SendRequestReply = Static<typeof SendRequestReply>;

/** PUT /api/friends/accept/{id}. */
export const AcceptReply = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('accepted'),
  message: Type.String(),
});
export type AcceptReply = Static<typeof AcceptReply>;

/** PUT /api/friends/reject/{id}. */
export const RejectReply = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('rejected'),
  message: Type.String(),
});
export type RejectReply = Static<typeof RejectReply>;

/** GET /api/friends/people: find members by username to befriend. */
export const PeopleQuery = Type.Object({
  /** A fragment of the username, matched without regard to case. */
  q: Type.String({ minLength: 1, maxLength: PEOPLE_QUERY_MAX }),
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
});
export type PeopleQuery = Static<typeof PeopleQuery>;

/** A search hit with the caller's friendship state, so the right button shows. */
export const PersonWithStatus = Type.Object({
  ...PersonRef.properties,
  status: FriendshipState,
  /** Only when pending. */
  direction: Type.Optional(RequestDirection),
  /** Only when pending: the request id for accept, reject or cancel. */
  requestId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type PersonWithStatus = Static<typeof PersonWithStatus>;

export const PeopleList = Paged(PersonWithStatus);
export type PeopleList = Static<typeof PeopleList>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({
  FriendEntry,
  IncomingRequest,
  OutgoingRequest,
  FriendList,
  IncomingRequestList,
  OutgoingRequestList,
  FriendshipStatusReply,
  SendRequestReply,
  AcceptReply,
  RejectReply,
  PersonWithStatus,
  PeopleList,
});
