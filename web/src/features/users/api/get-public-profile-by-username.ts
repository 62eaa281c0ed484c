import type { PublicProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/profile/username/{username}: public, sent without a token. */
export const getPublicProfileByUsername = (username: string, signal?: AbortSignal): Promise<PublicProfile> =>
  apiRequest<PublicProfile>(`/user/profile/username/${encodeURIComponent(username)}`, { auth: false, signal });
