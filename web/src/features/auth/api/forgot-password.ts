import type { ForgotPasswordBody } from '@kinodost/contracts/schemas/auth';
import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the email is known. */
export const forgotPassword = (body: ForgotPasswordBody): Promise<MessageReply> =>
  apiRequest<MessageReply>('/auth/forgot-password', { method: 'POST', body, auth: false });
