import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import type { ListPage } from '../api/friend-types';
import { getRequestCount } from '../api/get-request-count';
import { listFriends } from '../api/list-friends';
import { listIncomingRequests } from '../api/list-incoming-requests';
import { listOutgoingRequests } from '../api/list-outgoing-requests';
import { friendKeys } from './friend-keys';

/** Page sizes: the server allows up to 100. */
export const FRIENDS_PAGE_SIZE = 50;
export const REQUESTS_PAGE_SIZE = 20;

const nextPage = <T>(last: ListPage<T>) =>
  last.success && last.page * last.limit < last.total ? last.page + 1 : undefined;

/** Flattens the loaded pages; `total` is the server's count, `failed` says the last fetch failed. */
const flatten = <T>(pages: ListPage<T>[] | undefined) => ({
  items: pages?.flatMap((page) => page.data) ?? [],
  total: pages?.[0]?.total ?? 0,
  failed: pages?.some((page) => !page.success) ?? false,
});

/** My friends, by username, page by page. */
export function useFriendsList() {
  const { isLoggedIn } = useAuth();
  const query = useInfiniteQuery({
    queryKey: friendKeys.list,
    queryFn: ({ pageParam, signal }) => listFriends({ page: pageParam, limit: FRIENDS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: isLoggedIn,
  });
  return { ...query, ...flatten(query.data?.pages) };
}

/** Requests sent to me, newest first (the popup, the badge's list and the /friends tab); the socket's friend events refresh it. */
export function useIncomingList() {
  const { isLoggedIn } = useAuth();
  const query = useInfiniteQuery({
    queryKey: friendKeys.incoming,
    queryFn: ({ pageParam, signal }) => listIncomingRequests({ page: pageParam, limit: REQUESTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: isLoggedIn,
  });
  return { ...query, ...flatten(query.data?.pages) };
}

/** Requests I sent that wait for an answer. */
export function useOutgoingList() {
  const { isLoggedIn } = useAuth();
  const query = useInfiniteQuery({
    queryKey: friendKeys.outgoing,
    queryFn: ({ pageParam, signal }) => listOutgoingRequests({ page: pageParam, limit: REQUESTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: isLoggedIn,
  });
  return { ...query, ...flatten(query.data?.pages) };
}

/** The pending-request count for the badges; 0 when logged out or when the call fails. */
export function usePendingCount(): number {
  const { isLoggedIn } = useAuth();
  const query = useQuery({
    queryKey: friendKeys.count,
    queryFn: ({ signal }) => getRequestCount(signal),
    enabled: isLoggedIn,
  });
  return isLoggedIn ? (query.data ?? 0) : 0;
}
