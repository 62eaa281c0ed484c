import type { AdminUpdateUserBody, UserProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/{id}: an admin edits another user. */
export const updateUser = (id: string, body: AdminUpdateUserBody): Promise<UserProfile> =>
  apiRequest<UserProfile>(`/user/${encodeURIComponent(id)}`, { method: 'PUT', body });
