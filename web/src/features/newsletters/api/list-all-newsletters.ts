import { socialRequest } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { failedList } from './fallback';
import type { AdminNewsletterList, FailedList } from './newsletter-types';

/** GET /api/newsletters/admin/all?page&limit (admin): every newsletter with its content. Failure: {success:false, data:[]}. */
export const listAllNewsletters = (
  paging: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<AdminNewsletterList | FailedList> =>
  orFallback(
    () =>
      socialRequest<AdminNewsletterList>(`/newsletters/admin/all?page=${paging.page}&limit=${paging.limit}`, {
        signal,
      }),
    failedList,
    signal,
  );
