import type { UpdateProfileBody, UserProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/profile: only the changed fields. */
export const updateProfile = (body: UpdateProfileBody): Promise<UserProfile> =>
  apiRequest<UserProfile>('/user/profile', { method: 'PUT', body });
