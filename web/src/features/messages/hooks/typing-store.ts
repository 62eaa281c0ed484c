import { SOCKET_LIMITS } from '@kinodost/contracts/events';
import { useSyncExternalStore } from 'react';

/** How long "yazır…" stays after the friend's last typing notice. */
export const TYPING_SHOWN_MS = 4000;

type Sender = (to: string) => void;

/**
 * Who is typing to me (message:typing {from}), and the way to tell a friend I am typing. Kept out
 * of the query cache: nothing here is stored anywhere.
 */
function createTypingStore() {
  const until = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const lastSent = new Map<string, number>();
  let sender: Sender | null = null;
  const notify = () => {
    for (const l of listeners) l();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isTyping: (from: string) => (until.get(from) ?? 0) > Date.now(),
    /** A typing notice arrived from `from`. */
    typing(from: string) {
      until.set(from, Date.now() + TYPING_SHOWN_MS);
      clearTimeout(timers.get(from));
      timers.set(
        from,
        setTimeout(() => {
          until.delete(from);
          timers.delete(from);
          notify();
        }, TYPING_SHOWN_MS),
      );
      notify();
    },
    /** Their message arrived: they have stopped typing it. */
    stopped(from: string) {
      if (!until.delete(from)) return;
      clearTimeout(timers.get(from));
      timers.delete(from);
      notify();
    },
    setSender(next: Sender | null) {
      sender = next;
    },
    /** I typed in the composer to `to`: sent at most once per the server's interval. */
    iAmTyping(to: string) {
      const now = Date.now();
      if (now - (lastSent.get(to) ?? 0) < SOCKET_LIMITS.typingIntervalMs) return;
      lastSent.set(to, now);
      sender?.(to);
    },
    reset() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      until.clear();
      lastSent.clear();
      notify();
    },
  };
}

export const typingStore = createTypingStore();

export const useIsTyping = (from: string): boolean =>
  useSyncExternalStore(
    typingStore.subscribe,
    () => typingStore.isTyping(from),
    () => false,
  );
