/** A member may hold this many sockets at once; past it the oldest is closed (docs/architecture.md "Presence"). */
export const MAX_SOCKETS_PER_MEMBER = 20;

/** What the store tells the socket server about changes it did not ask for. */
export interface PresenceHandlers {
  /** A user's last connection went away without a goodbye (their process died). */
  expired(userId: string): void;
  /**
   * A user this process had to put back because the shared store lost them (Redis restarted
   * empty, was away when they connected, or took this process for dead while it stalled).
   */
  restored(userId: string): void;
  /** Sockets past their member's cap, oldest first: to be disconnected wherever they are. */
  evicted(socketIds: string[]): void;
}

/**
 * Who is online, counted by connections: a member with several tabs or devices
 * is online while any of them is connected (docs/product.md#presence). It also
 * counts each member's open sockets, which is not the same: a tab that said
 * user:offline keeps its socket.
 */
export interface PresenceStore {
  /** Adds a connection; true when the user had none before (came online). */
  add(userId: string, connId: string): Promise<boolean>;
  /** Removes a connection; true when it was the user's last one (went offline). */
  remove(userId: string, connId: string): Promise<boolean>;
  /** Which of these users are online now. */
  online(userIds: string[]): Promise<Set<string>>;
  /** Counts a newly connected socket; the member's oldest past MAX_SOCKETS_PER_MEMBER go to `evicted`. */
  addSocket(userId: string, socketId: string): Promise<void>;
  removeSocket(userId: string, socketId: string): Promise<void>;
  /** Starts background upkeep; called once, before the first socket connects. */
  start(handlers: PresenceHandlers): void;
  close(): Promise<void>;
}

/** One process: connections in memory, nothing can expire behind our back. */
export function createMemoryPresenceStore(): PresenceStore {
  const conns = new Map<string, Set<string>>();
  /** Each member's sockets in the order they connected. */
  const sockets = new Map<string, string[]>();
  let handlers: PresenceHandlers | undefined;
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
    async addSocket(userId, socketId) {
      const list = sockets.get(userId) ?? [];
      sockets.set(userId, list);
      list.push(socketId);
      const evicted = list.splice(0, Math.max(0, list.length - MAX_SOCKETS_PER_MEMBER));
      if (evicted.length > 0) handlers?.evicted(evicted);
    },
    async removeSocket(userId, socketId) {
      const list = sockets.get(userId);
      const at = list?.indexOf(socketId) ?? -1;
      if (!list || at < 0) return;
      list.splice(at, 1);
      if (list.length === 0) sockets.delete(userId);
    },
    start(h) {
      handlers = h;
    },
    async close() {
      conns.clear();
      sockets.clear();
    },
  };
}
