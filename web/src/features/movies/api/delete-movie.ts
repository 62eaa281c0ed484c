import type { MessageReply } from '@kinodost/contracts/schemas/common';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/movies/{id}: the owner (or an admin). */
export const deleteMovie = (id: string): Promise<MessageReply> =>
  apiRequest<MessageReply>(`/movies/${encodeURIComponent(id)}`, { method: 'DELETE' });
