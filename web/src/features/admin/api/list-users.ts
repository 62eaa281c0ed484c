import type { UserList, UserListQuery } from '@kinodost/contracts/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/all: paged, searched on username or email, sorted. */
export const listUsers = (query: UserListQuery, signal?: AbortSignal): Promise<UserList> => {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q) params.set('q', query.q);
  if (query.sort) params.set('sort', query.sort);
  return apiRequest<UserList>(`/user/all?${params.toString()}`, { signal });
};
