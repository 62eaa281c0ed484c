import { PEOPLE_QUERY_MAX } from '@kinodost/contracts/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { searchPeople } from '../api/search-people';
import { friendKeys } from './friend-keys';

export const PEOPLE_PAGE_SIZE = 20;
export const PEOPLE_DEBOUNCE_MS = 300;

/** Members by username for the "find friends" box, asked 300 ms after typing stops. */
export function usePeopleSearch(input: string) {
  const { isLoggedIn } = useAuth();
  const debounced = useDebouncedValue(input.trim(), PEOPLE_DEBOUNCE_MS);
  const tooLong = input.trim().length > PEOPLE_QUERY_MAX;
  const active = isLoggedIn && debounced !== '' && !tooLong;
  const query = useQuery({
    queryKey: friendKeys.people(debounced),
    queryFn: ({ signal }) => searchPeople(debounced, { page: 1, limit: PEOPLE_PAGE_SIZE }, signal),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  return {
    /** The query the results belong to. */
    query: debounced,
    active,
    tooLong,
    /** Typing, or the answer is on its way. */
    isSearching: active && (query.isFetching || debounced !== input.trim()),
    people: active ? (query.data?.data ?? []) : [],
    total: active ? (query.data?.total ?? 0) : 0,
    failed: active && query.data?.success === false,
    refetch: () => void query.refetch(),
  };
}
