import type { BulkModerationBody } from '@kinodost/contracts/schemas/comments';
import type { CountReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/comments/bulk: approve, reject or delete up to 100 comments at once. */
export const bulkModerateComments = (body: BulkModerationBody): Promise<CountReply> =>
  apiRequest<CountReply>('/admin/comments/bulk', { method: 'POST', body });
