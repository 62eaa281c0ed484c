import { socialRequest } from '../../../lib/api-client';
import { listOrEmpty, pageQuery } from './friend-call';
import type { FriendEntry, ListPage, PageParams } from './friend-types';

/** GET /api/friends?page&limit: my friends by username; a failure is an empty list. */
export const listFriends = (params: PageParams, signal?: AbortSignal): Promise<ListPage<FriendEntry>> =>
  listOrEmpty(() => socialRequest<ListPage<FriendEntry>>(`/friends?${pageQuery(params)}`, { signal }), params, signal);
