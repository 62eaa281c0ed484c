import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { acceptFriendRequest } from '../api/accept-friend-request';
import { cancelFriendRequest } from '../api/cancel-friend-request';
import { rejectFriendRequest } from '../api/reject-friend-request';
import { removeFriend } from '../api/remove-friend';
import { sendFriendRequest } from '../api/send-friend-request';
import { friendMutationKey, refreshFriendState } from './friend-keys';

const t = az.friends.toasts;

export interface FriendActions {
  /** Send a request to a member (by user id). */
  send: (userId: string) => void;
  /** Accept or reject a request sent to me (by request id). */
  accept: (requestId: string) => void;
  reject: (requestId: string) => void;
  /** Take back a request I sent (by request id). */
  cancel: (requestId: string) => void;
  /** End a friendship (by the friend's user id). */
  remove: (friendUserId: string, options?: { onSuccess?: () => void }) => void;
  /** True while an action on this user id or request id runs (buttons disable themselves). */
  isBusy: (id: string | undefined) => boolean;
}

/** Shown once even if several buttons are pressed (docs/product.md#friends). */
const LOGIN_TOAST_ID = 'friends-login-required';

/**
 * The friend actions with the product's rules (docs/product.md#friends): a visitor gets 'Bu əməliyyatı icra etmək üçün daxil
 * olmaq lazımdır' and no call; every outcome is a toast with its text (docs/product.md#error-texts); afterwards every
 * friend list, the count and the statuses refresh (an action stays busy until they have), which
 * also covers "if the server answers accepted on send, the friend list is refreshed".
 */
export function useFriendActions(): FriendActions {
  const { isLoggedIn } = useAuth();
  const client = useQueryClient();
  const refresh = useCallback(() => refreshFriendState(client), [client]);
  const fail = (error: unknown) => {
    toast.error(errorMessage(error));
  };

  const send = useMutation({
    mutationKey: friendMutationKey,
    mutationFn: sendFriendRequest,
    onSuccess: (reply) => {
      toast.success(reply.status === 'accepted' ? t.accepted : t.sent);
    },
    onError: fail,
    onSettled: refresh,
  });
  const accept = useMutation({
    mutationKey: friendMutationKey,
    mutationFn: acceptFriendRequest,
    onSuccess: () => {
      toast.success(t.accepted);
    },
    onError: fail,
    onSettled: refresh,
  });
  const reject = useMutation({
    mutationKey: friendMutationKey,
    mutationFn: rejectFriendRequest,
    onSuccess: () => {
      toast.success(t.rejected);
    },
    onError: fail,
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationKey: friendMutationKey,
    mutationFn: cancelFriendRequest,
    onSuccess: () => {
      toast.success(t.cancelled);
    },
    onError: fail,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationKey: friendMutationKey,
    mutationFn: removeFriend,
    onSuccess: () => {
      toast.success(t.removed);
    },
    onError: fail,
    onSettled: refresh,
  });

  const busyIds = useMutationState({
    filters: { mutationKey: friendMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });

  const guarded = useCallback(
    (run: () => void) => {
      if (!isLoggedIn) {
        toast.error(az.errors.loginRequired, { toastId: LOGIN_TOAST_ID });
        return;
      }
      run();
    },
    [isLoggedIn],
  );

  const { mutate: sendMutate } = send;
  const { mutate: acceptMutate } = accept;
  const { mutate: rejectMutate } = reject;
  const { mutate: cancelMutate } = cancel;
  const { mutate: removeMutate } = remove;
  const busyKey = busyIds.join('|');

  return useMemo<FriendActions>(() => {
    const busy = new Set(busyKey ? busyKey.split('|') : []);
    return {
      send: (userId) => guarded(() => sendMutate(userId)),
      accept: (requestId) => guarded(() => acceptMutate(requestId)),
      reject: (requestId) => guarded(() => rejectMutate(requestId)),
      cancel: (requestId) => guarded(() => cancelMutate(requestId)),
      remove: (friendUserId, options) => guarded(() => removeMutate(friendUserId, { onSuccess: options?.onSuccess })),
      isBusy: (id) => id !== undefined && busy.has(id),
    };
  }, [guarded, sendMutate, acceptMutate, rejectMutate, cancelMutate, removeMutate, busyKey]);
}
