/** What the store tells the socket server about changes it did not ask for. */
export interface PresenceHandlers {
  /** A user's last connection went away without a goodbye (their process died). */
  expired(userId: string): void;
  /**
   * A user this process had to put back because the shared store lost them (Redis restarted
   * empty, was away when they connected, or took this process for dead while it stalled).
   */
  restored(userId: string): void;
}

/**
 * Who is online, counted by connections: a member with several tabs or devices
 * is online while any of them is connected (PRODUCT.md "Presence").
 */
export interface PresenceStore {
  /** Adds a connection; true when the user had none before (came online). */
  add(userId: string, connId: string): Promise<boolean>;
  /** Removes a connection; true when it was the user's last one (went offline). */
  remove(userId: string, connId: string): Promise<boolean>;
  /** Which of these users are online now. */
  online(userIds: string[]): Promise<Set<string>>;
  /** Starts background upkeep; called once, before the first socket connects. */
  start(handlers: PresenceHandlers): void;
  close(): Promise<void>;
}

/** One process: connections in memory, nothing can expire behind our back. */
export function createMemoryPresenceStore(): PresenceStore {
  const conns = new Map<string, Set<string>>();
  return {
    async add(userId, connId) {
      let set = conns.get(userId);
      if (!set) {
        set = new Set();
        conns.set(userId, set);
      }
      const before = set.size;
      set.add(connId);
      return before === 0;
    },
    async remove(userId, connId) {
      const set = conns.get(userId);
      if (!set?.delete(connId)) return false;
      if (set.size > 0) return false;
      conns.delete(userId);
      return true;
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => conns.has(id)));
    },
    start() {},
    async close() {
      conns.clear();
    },
  };
}
