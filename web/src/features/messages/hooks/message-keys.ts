import type { Message, ThreadPage } from '@kinodost/contracts/schemas/messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { applyLiveUpdate, refetchAfterChange } from '../../../lib/live-query-update';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  thread: (userId: string) => ['messages', 'thread', userId] as const,
};

type Thread = InfiniteData<ThreadPage, string | null>;

/** The other person of a message, seen from `me`. */
export const otherOf = (m: Message, me: string) => (m.from === me ? m.to : m.from);

/**
 * A live or just-sent message joins its open thread at once (the first page holds the newest),
 * unless it is there already; the lists that summarise threads are fetched again.
 */
export function applyNewMessage(client: QueryClient, message: Message, me: string) {
  applyLiveUpdate<Thread>(client, messageKeys.thread(otherOf(message, me)), (thread) => {
    if (!thread) return thread;
    if (thread.pages.some((p) => p.data.some((m) => m.id === message.id))) return thread;
    const [first, ...rest] = thread.pages;
    if (!first) return thread;
    return { ...thread, pages: [{ ...first, data: [message, ...first.data] }, ...rest] };
  });
  refreshThreadSummaries(client);
}

/** The lists that summarise threads (the conversations, the unread count) are fetched again. */
export function refreshThreadSummaries(client: QueryClient) {
  void refetchAfterChange(client, messageKeys.conversations);
  void refetchAfterChange(client, messageKeys.unread);
}

/**
 * Friend `by` read my messages up to `upTo`: that one and every older one of mine in the thread
 * get their read time (this client's clock: the tick only needs "read").
 */
export function applyRead(client: QueryClient, by: string, upTo: string, me: string) {
  applyLiveUpdate<Thread>(client, messageKeys.thread(by), (thread) => {
    if (!thread) return thread;
    let reached = false;
    const now = new Date().toISOString();
    const pages = thread.pages.map((page) => ({
      ...page,
      data: page.data.map((m) => {
        if (m.id === upTo) reached = true;
        return reached && m.from === me && !m.read_at ? { ...m, read_at: now } : m;
      }),
    }));
    return { ...thread, pages };
  });
}

/** I read `friend`'s messages: theirs in the open thread are read now (the badge no longer counts them). */
export function applyMyRead(client: QueryClient, friend: string) {
  applyLiveUpdate<Thread>(client, messageKeys.thread(friend), (thread) => {
    if (!thread) return thread;
    const now = new Date().toISOString();
    const pages = thread.pages.map((page) => ({
      ...page,
      data: page.data.map((m) => (m.from === friend && !m.read_at ? { ...m, read_at: now } : m)),
    }));
    return { ...thread, pages };
  });
}
