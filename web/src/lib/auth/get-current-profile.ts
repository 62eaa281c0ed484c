import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../api-client';

/** GET /api/user/profile: the signed-in user's own profile. */
export const getCurrentProfile = (signal?: AbortSignal): Promise<UserProfile> =>
  apiRequest<UserProfile>('/user/profile', { signal });

export const currentProfileKey = ['auth', 'profile'] as const;
