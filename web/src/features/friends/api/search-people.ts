import { PEOPLE_QUERY_MAX } from '@kinodost/contracts/limits';
import { socialRequest } from '../../../lib/api-client';
import { listOrEmpty } from './friend-call';
import type { ListPage, PageParams, PersonWithStatus } from './friend-types';

/**
 * GET /api/friends/people?q&page&limit: members whose username contains q (not me), each with my
 * friendship state towards them. A blank query asks nothing; a failure is an empty list.
 */
export const searchPeople = (
  q: string,
  params: PageParams,
  signal?: AbortSignal,
): Promise<ListPage<PersonWithStatus>> => {
  const query = q.trim();
  if (query === '' || query.length > PEOPLE_QUERY_MAX) {
    return Promise.resolve({ success: true, data: [], page: params.page, limit: params.limit, total: 0 });
  }
  const search = new URLSearchParams({ q: query, page: String(params.page), limit: String(params.limit) });
  return listOrEmpty(
    () => socialRequest<ListPage<PersonWithStatus>>(`/friends/people?${search.toString()}`, { signal }),
    params,
    signal,
  );
};
