import { useAuth } from '../../../lib/auth/auth-context';
import type { FriendRequest } from '../api/friend-types';
import { useFriendActions } from './use-friend-actions';
import { useIncomingList, usePendingCount } from './use-friend-queries';

export interface IncomingRequests {
  requests: FriendRequest[];
  /** The pending-request count for badges (header and bottom bar). */
  count: number;
  isLoading: boolean;
  accept: (requestId: string) => void;
  reject: (requestId: string) => void;
  /** True while accept or reject of this request runs. */
  isBusy: (requestId: string) => boolean;
  /** Ask the server again (the popup does when it opens). */
  refresh: () => void;
}

/**
 * Incoming friend requests for the notifications popup and the badges: the first page of
 * /api/friends/requests/incoming, the /count, and accept/reject with their toasts. All of it is
 * query-cache state, which logout clears (docs/product.md#auth-state-in-the-browser).
 */
export function useIncomingRequests(): IncomingRequests {
  const { isLoggedIn } = useAuth();
  const list = useIncomingList();
  const count = usePendingCount();
  const { accept, reject, isBusy } = useFriendActions();
  const { refetch } = list;
  return {
    requests: isLoggedIn ? list.items : [],
    count,
    isLoading: isLoggedIn && list.isPending,
    accept,
    reject,
    isBusy,
    refresh: () => void refetch(),
  };
}
