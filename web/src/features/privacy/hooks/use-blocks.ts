import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { toast } from '../../../lib/toast';
import { friendKeys } from '../../friends/hooks/friend-keys';
import { blockUser, listBlocks, unblockUser } from '../api/blocks';

/** Under ['blocks']; logout clears the query cache, so nothing of it outlives the session. */
export const blockKeys = { all: ['blocks'] as const };

/** The member's blocks (only asked for when signed in and `enabled`). */
export function useBlocks(enabled = true) {
  const { isLoggedIn } = useAuth();
  return useQuery({
    queryKey: blockKeys.all,
    queryFn: ({ signal }) => listBlocks(signal),
    enabled: isLoggedIn && enabled,
  });
}

/**
 * Block and unblock. Afterwards the blocks list, every friend list and status, and what the page
 * showed of that member (their collection, profile) are fetched again: a block changes them all.
 */
export function useBlockActions() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      refetchAfterChange(client, blockKeys.all),
      refetchAfterChange(client, friendKeys.all),
      refetchAfterChange(client, ['movies']),
      refetchAfterChange(client, ['users']),
    ]);
  const onError = (error: unknown) => toast.error(errorMessage(error));
  const block = useMutation({ mutationFn: blockUser, onSuccess: refresh, onError });
  const unblock = useMutation({ mutationFn: unblockUser, onSuccess: refresh, onError });
  return { block, unblock };
}
