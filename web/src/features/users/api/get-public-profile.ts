import type { PublicProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/profile/{id}: public, sent without a token. */
export const getPublicProfile = (id: string, signal?: AbortSignal): Promise<PublicProfile> =>
  apiRequest<PublicProfile>(`/user/profile/${encodeURIComponent(id)}`, { auth: false, signal });
