import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/{id}/admin: grant or take the admin flag (the server keeps at least one admin). */
export const setUserAdmin = (id: string, isAdmin: boolean): Promise<UserProfile> =>
  apiRequest<UserProfile>(`/user/${encodeURIComponent(id)}/admin`, { method: 'PUT', body: { isAdmin } });
