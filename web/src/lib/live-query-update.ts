import { hashKey, type QueryClient, type QueryKey, type Updater } from '@tanstack/react-query';

// A change the page learns of (a live event, or a change of its own: a movie added, a message sent)
// was written after any fetch already under way was read, and that fetch's answer would hide it.
// Both helpers below cancel such a fetch and fetch again, so the answer that lands holds the
// change. (A page that connects its socket and is told to resync refetches its feed at the very
// moment a friend's item arrives.) The app marks lists out of date through refetchAfterChange only.

/**
 * Fetches again the queries under `queryKey` that are on screen (the rest are marked stale).
 * `except`, a thing just deleted, is only marked stale: fetched now it would answer 404 while its
 * page leaves, and a way back to it asks again. invalidateQueries alone replaces a refetch under
 * way but joins a first load, whose answer may be the older one.
 */
export async function refetchAfterChange(
  client: QueryClient,
  queryKey: QueryKey,
  exact = false,
  except?: QueryKey,
): Promise<void> {
  const skipped = except && hashKey(except);
  const filters = {
    queryKey,
    exact,
    ...(skipped && { predicate: (query: { queryHash: string }) => query.queryHash !== skipped }),
  };
  // Cancelling puts a query back as it was before that fetch: with the data it had (a change set
  // by setQueryData included), or loading.
  await client.cancelQueries({ ...filters, fetchStatus: 'fetching' });
  await Promise.all([
    client.invalidateQueries(filters),
    except && client.invalidateQueries({ queryKey: except, exact: true, refetchType: 'none' }),
  ]);
}

/** Puts a change into one cached query at once, and fetches it again if a fetch was under way. */
export function applyLiveUpdate<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: Updater<T | undefined, T | undefined>,
) {
  const outdatedFetch = client.isFetching({ queryKey, exact: true }) > 0;
  client.setQueryData<T>(queryKey, update);
  if (outdatedFetch) void refetchAfterChange(client, queryKey, true);
}
