import { socialRequest } from '../../../lib/api-client';
import { listOrEmpty, pageQuery } from './friend-call';
import type { ListPage, OutgoingRequest, PageParams } from './friend-types';

/** GET /api/friends/requests/outgoing: my pending requests, newest first; a failure is an empty list. */
export const listOutgoingRequests = (params: PageParams, signal?: AbortSignal): Promise<ListPage<OutgoingRequest>> =>
  listOrEmpty(
    () => socialRequest<ListPage<OutgoingRequest>>(`/friends/requests/outgoing?${pageQuery(params)}`, { signal }),
    params,
    signal,
  );
