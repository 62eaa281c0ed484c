import { useEffect, useSyncExternalStore } from 'react';
import { presenceStore } from '../presence-store';

const usePresence = <T>(select: (snapshot: ReturnType<typeof presenceStore.getSnapshot>) => T): T =>
  useSyncExternalStore(presenceStore.subscribe, () => select(presenceStore.getSnapshot()));

/** Whether our own socket is connected (and has had the friends' `users:online` list). */
export const useConnected = (): boolean => usePresence((s) => s.connected);

/** Whether the user is online as far as this client knows (never asks the server). */
export const useIsOnline = (userId: string | null | undefined): boolean =>
  usePresence((s) => (userId ? s.online.has(userId) : false));

export interface LastSeenView {
  online: boolean;
  /** ISO time, null when never seen, undefined while not known. */
  lastSeen: string | null | undefined;
}

/**
 * A user's presence for a screen that shows it. Asks the server for the last seen only under
 * the conditions of docs/product.md#presence (connected, the user not online, not already asked about; the
 * store enforces them); a later `user:offline` updates the value. `fallback` (a profile's
 * last_seen) stands in until the socket answers.
 */
export function useLastSeen(userId: string | null | undefined, fallback?: string | null): LastSeenView {
  const connected = usePresence((s) => s.connected);
  const online = useIsOnline(userId);
  const known = usePresence((s) => (userId && s.lastSeen.has(userId) ? s.lastSeen.get(userId) : undefined));
  useEffect(() => {
    if (userId && connected && !online) presenceStore.requestLastSeen(userId);
  }, [userId, connected, online]);
  return { online, lastSeen: known !== undefined ? known : fallback };
}

/**
 * Presence only where known (docs/social.md "Presence where known"): true when this client was
 * told the user is online, false when told they are offline (or given a last seen), null when it
 * was told neither, which a screen shows as neutral, never as offline. Asks the server about the
 * user once connected (the store asks once per connection; the server answers only those who may
 * see the user's presence, so for anyone else the dot stays neutral).
 */
export function usePresenceWhereKnown(userId: string | null | undefined): boolean | null {
  const connected = usePresence((s) => s.connected);
  const online = useIsOnline(userId);
  const told = usePresence((s) => Boolean(userId && s.lastSeen.has(userId)));
  useEffect(() => {
    if (userId && connected && !online) presenceStore.requestLastSeen(userId);
  }, [userId, connected, online]);
  if (online) return true;
  return told ? false : null;
}
