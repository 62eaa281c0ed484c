import type { PublicProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/profile/{id}: public; with the token when signed in, since last_seen depends on who asks. */
export const getPublicProfile = (id: string, signal?: AbortSignal): Promise<PublicProfile> =>
  apiRequest<PublicProfile>(`/user/profile/${encodeURIComponent(id)}`, { signal });
