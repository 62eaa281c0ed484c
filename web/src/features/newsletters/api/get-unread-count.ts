import { socialRequest } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { failedCount } from './fallback';
import type { CountReply, FailedCount } from './newsletter-types';

/** GET /api/newsletters/unread-count?_t (member). Failure: {success:false, count:0}. */
export const getUnreadCount = (signal?: AbortSignal): Promise<CountReply | FailedCount> =>
  orFallback(
    () => socialRequest<CountReply>(`/newsletters/unread-count?_t=${Date.now()}`, { signal }),
    failedCount,
    signal,
  );
