import { PROFILE_PATH } from '@kinodost/contracts/boot-script';
import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { takeEarlyProfileResponse } from './early-profile';

/** GET /api/user/profile: the signed-in user's own profile (the first time, index.html has asked already). */
export const getCurrentProfile = (signal?: AbortSignal): Promise<UserProfile> =>
  apiRequest<UserProfile>(PROFILE_PATH, { signal, response: takeEarlyProfileResponse() });

export const currentProfileKey = ['auth', 'profile'] as const;

/** The profile as the session loads it: a 401/403 ends the session at once, so no retry. */
export const currentProfileQuery = queryOptions({
  queryKey: currentProfileKey,
  queryFn: ({ signal }) => getCurrentProfile(signal),
  retry: false,
  staleTime: 5 * 60_000,
});
