import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network, as TanStack Query sees it (its onlineManager follows the
 * window's online and offline events). While offline, queries do not fail: they pause
 * (`fetchStatus: 'paused'`) and resume by themselves when the connection is back, and every
 * shown query that failed or went stale is fetched again then (`refetchOnReconnect`).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
}

/** The parts of a query the offline state reads. */
export interface QueryNetworkState {
  fetchStatus: 'fetching' | 'paused' | 'idle';
  isError: boolean;
}

/**
 * Whether a list shows the offline state (components/offline-state.tsx) in place of its skeletons
 * or its error: it has no data yet (`pending`, the query's isPending unless the list says
 * otherwise) or failed, and there is no network or its query waits for one. A list already shown
 * stays as it is and is fetched again when the connection is back. A page reads it for its main
 * record the same way (OfflinePage).
 */
export function useListOffline(query: QueryNetworkState & { isPending: boolean }, pending = query.isPending): boolean {
  const online = useOnline();
  if (query.isError) return !online;
  return pending && (query.fetchStatus === 'paused' || !online);
}
