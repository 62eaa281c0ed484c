import type { CountReply } from '@kinodost/contracts/schemas/common';
import type { MarkReadReply, NotificationPage } from '@kinodost/contracts/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';

// The header lists friend requests in their own section (from the friends calls), so these
// calls leave them out.
const OTHERS = 'exclude_type=friend_request';

/** GET /api/notifications: the newest notifications other than friend requests. */
export const getNotifications = (signal?: AbortSignal): Promise<NotificationPage> =>
  apiRequest<NotificationPage>(`/notifications?limit=20&${OTHERS}`, { signal });

/** GET /api/notifications/unread-count of those. */
export const getUnreadNotificationCount = async (signal?: AbortSignal): Promise<number> =>
  (await apiRequest<CountReply>(`/notifications/unread-count?${OTHERS}`, { signal })).count;

/** POST /api/notifications/read: every notification of the member read. */
export const markAllNotificationsRead = (): Promise<MarkReadReply> =>
  apiRequest<MarkReadReply>('/notifications/read', { method: 'POST', body: {} });
