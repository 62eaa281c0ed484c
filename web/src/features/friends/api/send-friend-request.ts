import { az } from '../../../i18n/az';
import { ApiError, socialRequest } from '../../../lib/api-client';
import { actionFailure, NO_BODY, requireSession } from './friend-call';
import type { SendRequestReply } from './friend-types';

const t = az.friends.errors;

/**
 * POST /api/friends/request/{userId}. Answers pending, or accepted when they had already asked
 * you. docs/product.md#error-texts: a 409 rejects with the server's text or 'Bu istifadəçiyə artıq dostluq
 * istəyi göndərilmişdir'; any other failure with 'Dostluq istəyi göndərilə bilmədi'.
 */
export const sendFriendRequest = async (userId: string): Promise<SendRequestReply> => {
  requireSession();
  try {
    return await socialRequest<SendRequestReply>(`/friends/request/${encodeURIComponent(userId)}`, {
      method: 'POST',
      body: NO_BODY,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      // The client falls back to 'Bilinməyən xəta' when the body has no text of its own.
      const serverText = error.message && error.message !== az.errors.unknown ? error.message : undefined;
      throw new ApiError(serverText ?? t.alreadyRequested, 409);
    }
    throw actionFailure(error, t.sendFailed);
  }
};
