import type { CountReply } from '@kinodost/contracts/schemas/common';
import type {
  ConversationList,
  MarkReadReply,
  Message,
  SendMessageBody,
  ThreadPage,
} from '@kinodost/contracts/schemas/messages';
import { apiRequest } from '../../../lib/api-client';

/** The calls of docs/messages.md; every one needs a member. */

export const THREAD_PAGE_SIZE = 30;

const id = (userId: string) => encodeURIComponent(userId);

export const listConversations = (signal?: AbortSignal) => apiRequest<ConversationList>('/messages', { signal });

export const getUnreadMessages = (signal?: AbortSignal) => apiRequest<CountReply>('/messages/unread-count', { signal });

export const getThread = (userId: string, before: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(THREAD_PAGE_SIZE) });
  if (before) query.set('before', before);
  return apiRequest<ThreadPage>(`/messages/${id(userId)}?${query}`, { signal });
};

/** POST carries an Idempotency-Key (lib/api-client.ts): a retry never doubles the message. */
export const sendMessage = (userId: string, body: SendMessageBody) =>
  apiRequest<Message>(`/messages/${id(userId)}`, { method: 'POST', body });

export const markThreadRead = (userId: string) =>
  apiRequest<MarkReadReply>(`/messages/${id(userId)}/read`, { method: 'POST', body: {} });
