import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { az } from '../../../i18n/az';
import { socialRequest } from '../../../lib/api-client';
import { actionFailure, NO_BODY, requireSession } from './friend-call';

/** DELETE /api/friends/{friendUserId}: either side ends the friendship; fails with 'Dostluq əlaqəsi silinə bilmədi'. */
export const removeFriend = async (friendUserId: string): Promise<MessageReply> => {
  requireSession();
  try {
    return await socialRequest<MessageReply>(`/friends/${encodeURIComponent(friendUserId)}`, {
      method: 'DELETE',
      body: NO_BODY,
    });
  } catch (error) {
    throw actionFailure(error, az.friends.errors.removeFailed);
  }
};
