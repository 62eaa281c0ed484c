/**
 * Hook point for state that must not outlive a session but does not live in the query cache
 * (the socket connection, in-memory friend state). Logout also clears
 * friends, requests and the count. Features register here; the auth provider runs them.
 */
type Cleanup = () => void;
const cleanups = new Set<Cleanup>();

/** Register a cleanup run on every logout or ended session; returns the unregister function. */
export const onSessionEnd = (cleanup: Cleanup): (() => void) => {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
};

export const runSessionEndCleanups = (): void => {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      console.error('[auth] session cleanup failed:', error);
    }
  }
};
