import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/user/avatar: back to the initial. */
export const deleteAvatar = (): Promise<UserProfile> => apiRequest<UserProfile>('/user/avatar', { method: 'DELETE' });
