import { socialRequest } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { failedList } from './fallback';
import { type FailedList, LATEST_LIMIT, type LatestNewsletters } from './newsletter-types';

/**
 * GET /api/newsletters/latest?limit&_t: a member's latest unread newsletters for the header
 * dropdown. `_t` is a cache-busting timestamp (docs/product.md#newsletters). Failure: {success:false, data:[]}.
 */
export const getLatestNewsletters = (
  limit: number = LATEST_LIMIT,
  signal?: AbortSignal,
): Promise<LatestNewsletters | FailedList> =>
  orFallback(
    () => socialRequest<LatestNewsletters>(`/newsletters/latest?limit=${limit}&_t=${Date.now()}`, { signal }),
    failedList,
    signal,
  );
