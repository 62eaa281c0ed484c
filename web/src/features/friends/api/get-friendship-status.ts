import { az } from '../../../i18n/az';
import { socialRequest } from '../../../lib/api-client';
import { hasSession, rethrowIfAborted } from './friend-call';
import type { FriendshipStatusReply, FriendshipStatusView } from './friend-types';

const t = az.friends.status;

/** docs/product.md#friends: the answers the client gives without asking the server. */
export const notLoggedInStatus = (): FriendshipStatusView => ({
  status: 'none',
  message: t.notLoggedIn,
  actionable: false,
});
export const ownProfileStatus = (): FriendshipStatusView => ({
  status: 'none',
  message: t.ownProfile,
  actionable: false,
});
export const failedStatus = (): FriendshipStatusView => ({
  status: 'none',
  message: t.error,
  actionable: false,
  failed: true,
});

/**
 * GET /api/friends/status/{userId}, with the rules of docs/product.md#friends: not logged in gives
 * 'Giriş edilməmişdir' and your own id 'Öz profiliniz' without a call; any failure gives
 * 'Xəta baş verdi'.
 */
export const getFriendshipStatus = async (
  userId: string,
  options: { myId?: string | null; signal?: AbortSignal } = {},
): Promise<FriendshipStatusView> => {
  if (!hasSession()) return notLoggedInStatus();
  if (options.myId && options.myId === userId) return ownProfileStatus();
  try {
    return await socialRequest<FriendshipStatusReply>(`/friends/status/${encodeURIComponent(userId)}`, {
      signal: options.signal,
    });
  } catch (error) {
    rethrowIfAborted(error, options.signal);
    return failedStatus();
  }
};
