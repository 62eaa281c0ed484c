import { useInfiniteQuery } from '@tanstack/react-query';
import { getFeed } from '../api/feed-api';
import { feedKeys } from './feed-keys';

/** The feed in keyset pages: "load more" asks for the page before the last one's cursor. */
export function useFeed() {
  const query = useInfiniteQuery({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.data) ?? [] };
}
