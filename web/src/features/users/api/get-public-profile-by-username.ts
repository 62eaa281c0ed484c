import type { PublicProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/profile/username/{username}: public; with the token when signed in (last_seen depends on who asks). */
export const getPublicProfileByUsername = (username: string, signal?: AbortSignal): Promise<PublicProfile> =>
  apiRequest<PublicProfile>(`/user/profile/username/${encodeURIComponent(username)}`, { signal });
