import { socialRequest } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { failedList } from './fallback';
import { type FailedList, type NewsletterList, PAGE_SIZE } from './newsletter-types';

/** GET /api/newsletters?page&limit (public; is_viewed is the member's own). Failure: {success:false, data:[]}. */
export const listNewsletters = (
  paging: { page?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<NewsletterList | FailedList> =>
  orFallback(
    () =>
      socialRequest<NewsletterList>(`/newsletters?page=${paging.page ?? 1}&limit=${paging.limit ?? PAGE_SIZE}`, {
        signal,
      }),
    failedList,
    signal,
  );
