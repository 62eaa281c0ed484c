import type { RegisterBody, TokenReply } from '@kinodost/contracts/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** What the registration form holds; the confirmation never leaves the browser. */
export interface RegisterInput extends RegisterBody {
  confirmPassword?: string;
}

/** POST /api/auth/register: answers 201 {token}, so the app signs the user straight in. */
export const register = ({ username, password, email }: RegisterInput): Promise<TokenReply> => {
  // Built field by field so the password confirmation (docs/product.md#accounts) is dropped.
  const body: RegisterBody = { username, password, email };
  return apiRequest<TokenReply>('/auth/register', { method: 'POST', body, auth: false });
};
