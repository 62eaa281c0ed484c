import type { ResetTokenReply } from '@kinodost/contracts/schemas/auth';
import { apiRequest, isErrorBody } from '../../../lib/api-client';

/** GET /api/auth/reset-password/{token}: whether the mailed link can still be used (it is not used up). */
export const checkResetToken = (token: string, signal?: AbortSignal): Promise<ResetTokenReply> =>
  apiRequest<ResetTokenReply>(`/auth/reset-password/${encodeURIComponent(token)}`, { auth: false, signal });

/**
 * The server's answer for a link that is used, expired, unknown or malformed (404 from the check,
 * 400 without field errors from the reset itself). A 429 or a network failure is not one: the
 * link may still be good.
 */
export const isInvalidResetLink = (error: unknown): boolean =>
  isErrorBody(error) &&
  (error.code === 'NOT_FOUND' ||
    ((error.code === 'BAD_REQUEST' || error.code === 'VALIDATION') && !error.fields?.newPassword));
