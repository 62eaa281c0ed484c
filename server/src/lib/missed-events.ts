import { LRUCache } from 'lru-cache';

/**
 * How far back a connecting socket's `since` is believed. A page connects its socket once it is
 * idle, a second or two after its first request, or later when that first try failed; past this,
 * it is simply told to refetch.
 */
const WINDOW_MS = 10 * 60_000;
/** Members remembered at most; one pushed out makes every `since` before its event unknown. */
const REMEMBERED_MEMBERS = 100_000;

/**
 * When this process last sent each member an event that changes what their pages fetched (a
 * friend request, a message, a notification, a newsletter to everyone), so that a page connecting
 * its socket after its first requests can be told whether it missed one (plugins/socket.ts). Its
 * `since` is the server time of its first request, as the client reckons it from the answer's
 * Date header (web/src/lib/api-client.ts).
 */
export interface MissedEvents {
  /** Notes an event sent to these members, or to every member. */
  sent(to: { userIds: Iterable<string>; everyone: boolean }): void;
  /**
   * False only when no such event can have gone to `userId` since `since` (milliseconds, the
   * server's clock): a `since` that is missing, malformed, from before this process started or
   * from before what it still remembers is answered true.
   */
  mayHaveMissed(userId: string, since: unknown): boolean;
}

export function createMissedEvents(opts: { now?: () => number; windowMs?: number; max?: number } = {}): MissedEvents {
  const now = opts.now ?? Date.now;
  const windowMs = opts.windowMs ?? WINDOW_MS;
  const startedAt = now();
  let toEveryoneAt = Number.NEGATIVE_INFINITY;
  // The latest event among the members pushed out of `sentAt`: a `since` before it is unknown.
  let forgottenUpTo = Number.NEGATIVE_INFINITY;
  const sentAt = new LRUCache<string, number>({
    max: opts.max ?? REMEMBERED_MEMBERS,
    dispose: (at, _id, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, at);
    },
  });
  return {
    sent({ userIds, everyone }) {
      const at = now();
      if (everyone) toEveryoneAt = at;
      for (const id of userIds) sentAt.set(id, at);
    },
    mayHaveMissed(userId, since) {
      if (typeof since !== 'number' || !Number.isFinite(since)) return true;
      const at = now();
      // An event at the very millisecond of `since` may have followed the first request.
      if (since <= startedAt || since < at - windowMs || since > at || since <= forgottenUpTo) return true;
      return toEveryoneAt >= since || (sentAt.get(userId) ?? Number.NEGATIVE_INFINITY) >= since;
    },
  };
}
