import { socialRequest } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { hasSession } from './friend-call';

/** GET /api/friends/requests/count: pending incoming requests; a failure (or no session) is 0. */
export const getRequestCount = async (signal?: AbortSignal): Promise<number> => {
  if (!hasSession()) return 0;
  return orFallback(
    async () => {
      const reply = await socialRequest<{ count?: unknown }>('/friends/requests/count', { signal });
      return typeof reply.count === 'number' && Number.isFinite(reply.count) && reply.count > 0 ? reply.count : 0;
    },
    () => 0,
    signal,
  );
};
