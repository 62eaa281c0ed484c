/** socket.io event maps shared by server and web (docs/product.md#realtime-socket). */
import type { FeedItem } from './schemas/feed';
import type { Message } from './schemas/messages';
import type { Notification } from './schemas/notifications';

export interface UserIdPayload {
  userId: string;
}
export interface LastSeenPayload {
  userId: string;
  /** ISO date-time, or null when never seen. */
  lastSeen: string | null;
}
/** A member as events carry them. */
export interface PersonPayload {
  id: string;
  username: string;
  avatar_url: string | null;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  /** On connect: the ids of the friends (and watched users) who are online now. */
  'users:online': (userIds: string[]) => void;
  'user:online': (payload: UserIdPayload) => void;
  'user:offline': (payload: LastSeenPayload) => void;
  'user:lastSeenResponse': (payload: LastSeenPayload) => void;
  /**
   * A member whose page you watch (you asked for their last seen), or a friend, changed their
   * profile: name, avatar or who may see what. Fetch what you show of them again. `presence: false`:
   * they are no longer public and you are not their friend, so their presence is no longer yours.
   */
  'profile:changed': (payload: { userId: string; presence?: false }) => void;
  /** Someone sent you a friend request. */
  'friend:request': (payload: { requestId: string; sender: PersonPayload }) => void;
  /** A request between you and userId was accepted. */
  'friend:accepted': (payload: { requestId: string; userId: string }) => void;
  /** A request or friendship between you and userId is gone. */
  'friend:removed': (payload: { userId: string }) => void;
  /** A newsletter was published. */
  'newsletter:created': (payload: { id: string; title: string; is_important: boolean; created_at: string }) => void;
  /** A newsletter was edited or deleted: what you show of the newsletters is out of date. */
  'newsletter:changed': (payload: { id: string }) => void;
  /** A friend (or you) did something: the newest item of your feed. */
  'feed:new': (payload: { item: FeedItem }) => void;
  /** A new notification of yours. */
  'notification:new': (payload: { notification: Notification }) => void;
  /** A message between you and a friend was stored (sent by you, from any tab, or to you). */
  'message:new': (payload: { message: Message }) => void;
  /**
   * `by` has read `other`'s messages to them up to the message `upTo` (an id): a friend read yours,
   * or you read a friend's (in this tab or another).
   */
  'message:read': (payload: { by: string; other: string; upTo: string }) => void;
  /** You marked notifications read (in this tab or another): your bell and list are out of date. */
  'notifications:read': () => void;
  /** You saw the newsletters (in this tab or another): their unread mark is out of date. */
  'newsletters:viewed': () => void;
  /** Friend `from` is typing to you (sent at most every couple of seconds while they type). */
  'message:typing': (payload: { from: string }) => void;
  /** Your import advanced; `status` once it is done or failed (then GET /api/import/{id} has the summary). */
  'import:progress': (payload: { id: string; done: number; total: number; status?: 'done' | 'failed' }) => void;
  /**
   * Events meant for you may have been lost: sent on connect when one may have gone out since the
   * handshake's `since` (SocketAuth), and to every socket when the server's link to the other
   * processes (Redis) was down and is back. Refetch what the events above keep fresh (friends,
   * requests, newsletters, notifications, the feed, messages).
   */
  'realtime:resync': () => void;
}

/** The socket's handshake auth data. */
export interface SocketAuth {
  token: string;
  /**
   * The server's time (ms since 1970) of the page's first API request, or earlier: what the page
   * shows was fetched after it. Without it, the server tells the socket to resync on connect.
   */
  since?: number;
}

/** Events the client sends. The user is always the socket's own, whatever the payload says. */
export interface ClientToServerEvents {
  'user:online': (payload: UserIdPayload) => void;
  'user:offline': (payload: UserIdPayload) => void;
  'user:lastSeen': (payload: UserIdPayload) => void;
  /** You are typing to friend `to`; never stored, dropped unless `to` is your friend. */
  'message:typing': (payload: { to: string }) => void;
}

/** Caps the server enforces per socket (docs/product.md#presence). */
export const SOCKET_LIMITS = {
  /** Largest accepted message, bytes. */
  maxMessageBytes: 16 * 1024,
  /** A typing notice per friend is passed on at most this often, milliseconds. */
  typingIntervalMs: 1500,
} as const;
