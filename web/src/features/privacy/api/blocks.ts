import type { BlockList } from '@kinodost/contracts/schemas/privacy';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/blocks: everyone the member has blocked, newest first. */
export const listBlocks = (signal?: AbortSignal): Promise<BlockList> =>
  apiRequest<BlockList>('/user/blocks', { signal });

/** POST /api/user/{id}/block (204): also ends any friendship or request between the two. */
export const blockUser = async (userId: string): Promise<void> => {
  await apiRequest<unknown>(`/user/${encodeURIComponent(userId)}/block`, { method: 'POST' });
};

/** DELETE /api/user/{id}/block (204). */
export const unblockUser = async (userId: string): Promise<void> => {
  await apiRequest<unknown>(`/user/${encodeURIComponent(userId)}/block`, { method: 'DELETE' });
};
