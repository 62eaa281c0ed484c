import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { az } from '../../../i18n/az';
import { socialRequest } from '../../../lib/api-client';
import { actionFailure, NO_BODY, requireSession } from './friend-call';

/** DELETE /api/friends/requests/{requestId}: the sender takes back a pending request. */
export const cancelFriendRequest = async (requestId: string): Promise<MessageReply> => {
  requireSession();
  try {
    return await socialRequest<MessageReply>(`/friends/requests/${encodeURIComponent(requestId)}`, {
      method: 'DELETE',
      body: NO_BODY,
    });
  } catch (error) {
    throw actionFailure(error, az.friends.errors.cancelFailed);
  }
};
