import type { RejectReply } from '@kinodost/contracts/schemas/friends';
import { az } from '../../../i18n/az';
import { socialRequest } from '../../../lib/api-client';
import { actionFailure, NO_BODY, requireSession } from './friend-call';

/** PUT /api/friends/reject/{requestId}; fails with 'Dostluq istəyi rədd edilə bilmədi' (docs/product.md#error-texts). */
export const rejectFriendRequest = async (requestId: string): Promise<RejectReply> => {
  requireSession();
  try {
    return await socialRequest<RejectReply>(`/friends/reject/${encodeURIComponent(requestId)}`, {
      method: 'PUT',
      body: NO_BODY,
    });
  } catch (error) {
    throw actionFailure(error, az.friends.errors.rejectFailed);
  }
};
