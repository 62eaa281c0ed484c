import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { uploadRequest } from '../../../lib/api-client';

/** Accepted by the server by content (docs/product.md#accounts); checked here to fail early. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** POST /api/user/avatar, multipart field `avatar`, with upload progress. */
export const uploadAvatar = (file: File, onProgress?: (percent: number) => void): Promise<UserProfile> => {
  const form = new FormData();
  form.append('avatar', file);
  return uploadRequest<UserProfile>('/user/avatar', form, { onProgress });
};
