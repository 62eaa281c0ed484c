import type { SendMessageBody } from '@kinodost/contracts/schemas/messages';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { presenceStore } from '../../presence/presence-store';
import { getThread, getUnreadMessages, listConversations, markThreadRead, sendMessage } from '../api/messages-api';
import { applyMyRead, applyNewMessage, messageKeys, refreshThreadSummaries } from './message-keys';

export function useConversations() {
  const { isLoggedIn } = useAuth();
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => listConversations(signal),
    enabled: isLoggedIn,
  });
}

/** The unread badge's number: 0 while loading or after a failure. */
export function useUnreadMessages(): number {
  const { isLoggedIn } = useAuth();
  const query = useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => getUnreadMessages(signal),
    enabled: isLoggedIn,
  });
  return query.data?.count ?? 0;
}

/** A thread, page by page, newest page first (each page newest first). */
export function useThread(userId: string) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({
    queryKey: messageKeys.thread(userId),
    queryFn: ({ pageParam, signal }) => getThread(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: isLoggedIn && userId !== '',
    retry: (count, error) => (error as { code?: string }).code !== 'NOT_FOUND' && count < 2,
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  const { userId: me } = useAuth();
  return useMutation({
    mutationFn: ({ to, body }: { to: string; body: SendMessageBody }) => sendMessage(to, body),
    onSuccess: (message) => {
      if (me) applyNewMessage(client, message, me);
    },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => markThreadRead(userId),
    onSuccess: (reply, friend) => {
      applyMyRead(client, friend);
      // Over a connected socket the server's `message:read` reaches every tab of mine, this one
      // too, and the realtime bridge refreshes the counts then; refreshed here as well, each
      // reading would fetch them twice. Without the socket, only this answer tells of the read.
      if (reply.count > 0 && !presenceStore.getSnapshot().connected) refreshThreadSummaries(client);
    },
  });
}
