import type { ChangePasswordBody } from '@kinodost/contracts/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * The answer of PUT /api/user/change-password. Not in contracts/ yet, so defined here: the
 * server revokes older tokens and hands back a fresh one the client must keep.
 */
export interface ChangePasswordReply {
  success: true;
  message: string;
  token: string;
}

export const changePassword = (body: ChangePasswordBody): Promise<ChangePasswordReply> =>
  apiRequest<ChangePasswordReply>('/user/change-password', { method: 'PUT', body });
