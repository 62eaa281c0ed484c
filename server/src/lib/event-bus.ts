import { EventEmitter } from 'node:events';
import type { Message } from '@kinodost/contracts/schemas/messages';
import type { PersonRef } from '@kinodost/contracts/schemas/people';

/** A person as other members see them in lists and events. */
export type { PersonRef };

/**
 * Domain events one feature raises, after the change has committed, and another
 * delivers (the realtime feature pushes them to sockets, the response cache drops
 * what they made stale). In-process only: with Redis, the socket.io adapter
 * carries the deliveries across processes, not this bus.
 */
export interface DomainEvents {
  /** A friend request was sent to `toUserId`. */
  'friend:request': [{ toUserId: string; requestId: string; sender: PersonRef }];
  /** A request between the two users was accepted: they are friends now. */
  'friend:accepted': [{ userIds: [string, string]; requestId: string }];
  /** A request was rejected or cancelled, or a friendship removed. */
  'friend:removed': [{ userIds: [string, string] }];
  /**
   * A block between the two users was made or lifted (docs/social.md "Blocking"): what each
   * may see of the other changed.
   */
  'user:blocked': [{ userIds: [string, string]; blocked: boolean }];
  /** Every token of the user was revoked (password change or reset, deletion): their sockets must go. */
  'user:revoked': [{ userId: string }];
  /** The user's row changed in what a request relies on (admin flag, username, email, avatar, visibility); raised after the commit. */
  'user:changed': [{ userId: string }];
  /** A member registered. */
  'user:created': [{ userId: string }];
  /** A member's movies changed: one was added, edited or deleted (by them or an admin). */
  'movies:changed': [{ ownerId: string }];
  /** A feed item was written (its cause committed): the feed feature delivers it to the audience. */
  'activity:created': [{ id: string }];
  /** A notification was written (its cause committed): delivered to its member. */
  'notification:created': [{ id: string }];
  /** An import of the member's made progress, or ended (`status`). */
  'import:progress': [{ userId: string; id: string; done: number; total: number; status?: 'done' | 'failed' }];
  /** A newsletter was published. */
  'newsletter:created': [{ id: string; title: string; is_important: boolean; created_at: string }];
  /** A message was stored (committed): it goes to both people's sockets. */
  'message:new': [{ message: Message }];
  /** `by` read `other`'s messages up to the message `upTo`. */
  'message:read': [{ by: string; other: string; upTo: string }];
  /** A newsletter was edited or deleted. */
  'newsletter:changed': [{ id: string }];
  /** A member marked a newsletter read. */
  'newsletter:viewed': [{ userId: string }];
  /** A member marked notifications read (some were unread). */
  'notifications:read': [{ userId: string }];
}

export type EventBus = EventEmitter<DomainEvents>;

export const createEventBus = (): EventBus => new EventEmitter<DomainEvents>();
