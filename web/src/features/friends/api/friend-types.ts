import type {
  FriendEntry,
  FriendList,
  FriendshipStatusReply,
  IncomingRequest,
  IncomingRequestList,
  OutgoingRequest,
  OutgoingRequestList,
  PeopleList,
  PersonWithStatus,
  SendRequestReply,
} from '@kinodost/contracts/schemas/friends';

export type {
  FriendEntry,
  FriendList,
  FriendshipStatusReply,
  IncomingRequest,
  IncomingRequestList,
  OutgoingRequest,
  OutgoingRequestList,
  PeopleList,
  PersonWithStatus,
  SendRequestReply,
};

/** An incoming friend request as the notifications popup reads it (docs/product.md#notifications-popup). */
export type FriendRequest = IncomingRequest;

/**
 * A list page as the client keeps it. A failed fetch is an empty page with `success: false`
 * (docs/product.md#error-texts: a failed list is an empty list), so screens can still offer a retry.
 */
export interface ListPage<T> {
  success: boolean;
  data: T[];
  page: number;
  limit: number;
  total: number;
}

/**
 * The friendship status a screen shows (docs/product.md#friends). `failed` marks the client-made
 * 'Xəta baş verdi' answer, so a retry can be offered.
 */
export type FriendshipStatusView = FriendshipStatusReply & { failed?: boolean };

export interface PageParams {
  page: number;
  limit: number;
}
