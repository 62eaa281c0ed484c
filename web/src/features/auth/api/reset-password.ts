import type { ResetPasswordBody } from '@kinodost/contracts/schemas/auth';
import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset-password with the emailed token. */
export const resetPassword = (body: ResetPasswordBody): Promise<MessageReply> =>
  apiRequest<MessageReply>('/auth/reset-password', { method: 'POST', body, auth: false });
