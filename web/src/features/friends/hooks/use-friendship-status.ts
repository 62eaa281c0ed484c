import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import type { FriendshipStatusView } from '../api/friend-types';
import { getFriendshipStatus, notLoggedInStatus, ownProfileStatus } from '../api/get-friendship-status';
import { friendKeys } from './friend-keys';

export interface FriendshipStatusState {
  /** Undefined only while the first answer loads. */
  status: FriendshipStatusView | undefined;
  isLoading: boolean;
  refetch: () => void;
}

/**
 * The friendship status towards a member (docs/product.md#friends). Logged out: none, 'Giriş
 * edilməmişdir'; own id: none, 'Öz profiliniz' (both without a call); a failed call: none,
 * 'Xəta baş verdi'.
 */
export function useFriendshipStatus(userId: string | undefined): FriendshipStatusState {
  const { isLoggedIn, isLoadingAuth, userId: myId } = useAuth();
  const own = Boolean(userId && myId && userId === myId);
  const ask = Boolean(userId) && isLoggedIn && !own;
  const query = useQuery({
    queryKey: friendKeys.status(userId ?? ''),
    queryFn: ({ signal }) => getFriendshipStatus(userId ?? '', { myId, signal }),
    enabled: ask,
    retry: false,
  });

  if (isLoadingAuth) return { status: undefined, isLoading: true, refetch: () => {} };
  if (!isLoggedIn) return { status: notLoggedInStatus(), isLoading: false, refetch: () => {} };
  if (own) return { status: ownProfileStatus(), isLoading: false, refetch: () => {} };
  return { status: query.data, isLoading: query.isPending, refetch: () => void query.refetch() };
}
