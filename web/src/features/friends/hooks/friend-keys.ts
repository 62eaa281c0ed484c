import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';

/**
 * Query keys of the client's friend state (docs/product.md#friends: friends, incoming and outgoing
 * requests, the pending count; plus statuses and the people search). Everything sits under
 * ['friends'], so one invalidation refreshes all of it, and logout (which clears the query cache)
 * forgets all of it.
 */
export const friendKeys = {
  all: ['friends'] as const,
  list: ['friends', 'list'] as const,
  incoming: ['friends', 'incoming'] as const,
  outgoing: ['friends', 'outgoing'] as const,
  count: ['friends', 'count'] as const,
  status: (userId: string) => ['friends', 'status', userId] as const,
  people: (q: string) => ['friends', 'people', q] as const,
};

/** Mutation keys, so screens can tell which person or request is busy. */
export const friendMutationKey = ['friends', 'action'] as const;

/**
 * Refetch every friend list, count and status on screen (the rest is marked stale). For the
 * realtime feature: call it on 'friend:request', 'friend:accepted' and 'friend:removed'.
 */
export const refreshFriendState = (client: QueryClient): Promise<void> => refetchAfterChange(client, friendKeys.all);
