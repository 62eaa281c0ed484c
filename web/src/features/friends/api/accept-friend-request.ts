import type { AcceptReply } from '@kinodost/contracts/schemas/friends';
import { az } from '../../../i18n/az';
import { socialRequest } from '../../../lib/api-client';
import { actionFailure, NO_BODY, requireSession } from './friend-call';

/** PUT /api/friends/accept/{requestId}; fails with 'Dostluq istəyi qəbul edilə bilmədi' (docs/product.md#error-texts). */
export const acceptFriendRequest = async (requestId: string): Promise<AcceptReply> => {
  requireSession();
  try {
    return await socialRequest<AcceptReply>(`/friends/accept/${encodeURIComponent(requestId)}`, {
      method: 'PUT',
      body: NO_BODY,
    });
  } catch (error) {
    throw actionFailure(error, az.friends.errors.acceptFailed);
  }
};
