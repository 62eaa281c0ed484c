import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Puts a change the page has just learned of (a live event, a message it sent) into one cached
 * query. A fetch of that query already under way was sent before the change was written, and its
 * answer would put the cache back as it was: here it is cancelled and sent again, so the answer
 * that lands holds the change. (A page that connects its socket and is told to resync refetches
 * its feed at the very moment a friend's new item may arrive.)
 */
export function applyLiveUpdate<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: Updater<T | undefined, T | undefined>,
) {
  const outdatedFetch = client.isFetching({ queryKey, exact: true }) > 0;
  client.setQueryData<T>(queryKey, update);
  if (!outdatedFetch) return;
  // Cancelling keeps the change (setQueryData is what a cancelled fetch reverts to); a first load
  // cancelled goes back to loading. (invalidateQueries alone would join a first load, not replace it.)
  const filters = { queryKey, exact: true };
  void client.cancelQueries(filters).then(() => client.invalidateQueries(filters));
}
