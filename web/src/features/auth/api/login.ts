import type { LoginBody, TokenReply } from '@kinodost/contracts/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login: `username` may be a username or an email. Sent without a token. */
export const login = (body: LoginBody): Promise<TokenReply> =>
  apiRequest<TokenReply>('/auth/login', { method: 'POST', body, auth: false });
