import { socialRequest } from '../../../lib/api-client';
import { hasSession, rethrowIfAborted } from './friend-call';

/** GET /api/friends/requests/count: pending incoming requests; a failure (or no session) is 0. */
export const getRequestCount = async (signal?: AbortSignal): Promise<number> => {
  if (!hasSession()) return 0;
  try {
    const reply = await socialRequest<{ count?: unknown }>('/friends/requests/count', { signal });
    return typeof reply.count === 'number' && Number.isFinite(reply.count) && reply.count > 0 ? reply.count : 0;
  } catch (error) {
    rethrowIfAborted(error, signal);
    return 0;
  }
};
