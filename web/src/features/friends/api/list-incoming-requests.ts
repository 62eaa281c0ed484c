import { socialRequest } from '../../../lib/api-client';
import { listOrEmpty, pageQuery } from './friend-call';
import type { IncomingRequest, ListPage, PageParams } from './friend-types';

/** GET /api/friends/requests/incoming: requests sent to me, newest first; a failure is an empty list. */
export const listIncomingRequests = (params: PageParams, signal?: AbortSignal): Promise<ListPage<IncomingRequest>> =>
  listOrEmpty(
    () => socialRequest<ListPage<IncomingRequest>>(`/friends/requests/incoming?${pageQuery(params)}`, { signal }),
    params,
    signal,
  );
