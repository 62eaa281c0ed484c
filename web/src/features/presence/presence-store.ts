/**
 * Presence on the client (docs/product.md#presence: the online user ids and a last-seen time per user
 * id), plus whether our own socket is connected. A small external store read with
 * useSyncExternalStore, so it needs no provider and survives route changes; the realtime
 * connection (app/realtime) writes to it and logout resets it.
 */
export interface PresenceSnapshot {
  /** Our own socket is connected (the header's 'İndi onlayn' / 'Offlayn'). */
  connected: boolean;
  online: ReadonlySet<string>;
  /** ISO time, or null when the server has never seen the user. Absent: not known yet. */
  lastSeen: ReadonlyMap<string, string | null>;
}

type Listener = () => void;
type Requester = (userId: string) => void;

const empty = (): PresenceSnapshot => ({ connected: false, online: new Set(), lastSeen: new Map() });

export function createPresenceStore() {
  let state = empty();
  const listeners = new Set<Listener>();
  /**
   * Users asked about on this connection: pending, or answered (the server then keeps sending
   * their changes to this socket, so asking again would only repeat the answer).
   */
  const asked = new Set<string>();
  let requester: Requester | null = null;

  const set = (next: Partial<PresenceSnapshot>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const withOnline = (userId: string, on: boolean) => {
    if (state.online.has(userId) === on) return state.online;
    const online = new Set(state.online);
    if (on) online.add(userId);
    else online.delete(userId);
    return online;
  };
  const withLastSeen = (userId: string, lastSeen: string | null) => {
    if (state.lastSeen.has(userId) && state.lastSeen.get(userId) === lastSeen) return state.lastSeen;
    return new Map(state.lastSeen).set(userId, lastSeen);
  };

  return {
    getSnapshot: (): PresenceSnapshot => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The connection sends `user:lastSeen` through this (rate-limited there); null when closed. */
    setRequester(next: Requester | null) {
      requester = next;
    },

    /** Connected: a fresh connection has been asked nothing. Disconnected: pending answers are lost. */
    setConnected(connected: boolean) {
      asked.clear();
      if (state.connected !== connected) set({ connected });
    },

    /** `users:online`: the list replaces the set. */
    setOnlineList(userIds: readonly string[]) {
      const online = new Set(userIds);
      // Someone we held online but the list leaves out: their last seen is not known now, so a
      // screen showing them may ask again.
      for (const id of state.online) if (!online.has(id)) asked.delete(id);
      set({ online });
    },

    /** `user:online` (also the answer to a last-seen request for someone online). */
    markOnline(userId: string) {
      asked.add(userId);
      const online = withOnline(userId, true);
      if (online !== state.online) set({ online });
    },

    /** `user:offline {userId, lastSeen}`. */
    markOffline(userId: string, lastSeen: string | null) {
      asked.add(userId);
      set({ online: withOnline(userId, false), lastSeen: withLastSeen(userId, lastSeen) });
    },

    /** `user:lastSeenResponse {userId, lastSeen}`. */
    recordLastSeen(userId: string, lastSeen: string | null) {
      asked.add(userId);
      const next = withLastSeen(userId, lastSeen);
      if (next !== state.lastSeen) set({ lastSeen: next });
    },

    /**
     * A friendship ended (or a block ended it): the server stops sending their changes, so their dot
     * is no longer ours to know. Neither online nor a last seen is kept: a dot then shows neutral
     * (docs/product.md#presence) until the server answers afresh, where it still may.
     */
    forget(userId: string) {
      asked.delete(userId);
      const online = withOnline(userId, false);
      let { lastSeen } = state;
      if (lastSeen.has(userId)) {
        lastSeen = new Map(lastSeen);
        (lastSeen as Map<string, string | null>).delete(userId);
      }
      if (online !== state.online || lastSeen !== state.lastSeen) set({ online, lastSeen });
    },

    /**
     * docs/product.md#presence: ask for a user's last seen only if the socket is connected and the user
     * is neither online nor already being asked about. Returns whether a request went out.
     */
    requestLastSeen(userId: string): boolean {
      if (!state.connected || !requester || state.online.has(userId) || asked.has(userId)) return false;
      asked.add(userId);
      requester(userId);
      return true;
    },

    /** Logout: nothing about the last session's people survives. */
    reset() {
      asked.clear();
      requester = null;
      state = empty();
      for (const listener of listeners) listener();
    },
  };
}

export type PresenceStore = ReturnType<typeof createPresenceStore>;

/** The app's one presence store. */
export const presenceStore = createPresenceStore();
