import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { getNotifications, getUnreadNotificationCount, markAllNotificationsRead } from '../api/notifications-api';

/** Query keys of the notifications; `notification:new` invalidates them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

/** The header's notifications beyond friend requests: the newest, their unread count, "mark all read". */
export function useNotifications() {
  const { isLoggedIn } = useAuth();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => getNotifications(signal),
    enabled: isLoggedIn,
  });
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => getUnreadNotificationCount(signal),
    enabled: isLoggedIn,
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => refetchAfterChange(client, notificationKeys.all),
  });
  return {
    items: isLoggedIn ? (list.data?.data ?? []) : [],
    unreadCount: isLoggedIn ? (unread.data ?? 0) : 0,
    markAllRead: () => markAll.mutate(),
    isMarking: markAll.isPending,
    refresh: () => void refetchAfterChange(client, notificationKeys.all),
  };
}
