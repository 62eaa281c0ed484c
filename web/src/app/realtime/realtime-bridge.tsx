import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allCommentsKey } from '../../features/comments/hooks/comments-query';
import { feedKeys, prependFeedItem } from '../../features/feed/hooks/feed-keys';
import { refreshFriendState } from '../../features/friends/hooks/friend-keys';
import { importProgress } from '../../features/imports/import-progress';
import {
  applyMyRead,
  applyNewMessage,
  applyRead,
  messageKeys,
  refreshThreadSummaries,
} from '../../features/messages/hooks/message-keys';
import { typingStore } from '../../features/messages/hooks/typing-store';
import { moviesKey } from '../../features/movies/hooks/movie-queries';
import { newsletterKeys } from '../../features/newsletters/hooks/newsletter-keys';
import { notificationKeys } from '../../features/notifications/hooks/use-notifications';
import { presenceStore } from '../../features/presence/presence-store';
import { publicProfilesKey } from '../../features/users/hooks/use-public-profile';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { onSessionEnd } from '../../lib/auth/auth-events';
import { firstRequestServerTime } from '../../lib/first-request-time';
import { refetchAfterChange } from '../../lib/live-query-update';
import { openRealtimeConnection } from '../../lib/socket/realtime-connection';
import { getToken } from '../../lib/storage';
import { toast } from '../../lib/toast';

/**
 * The app's one realtime socket, composed here: it exists only while the conditions of docs/product.md#presence hold
 * (logged in, a user id, a stored token), feeds the presence store, and turns live friend and
 * newsletter events into cache refreshes. Renders nothing.
 */
export function RealtimeBridge() {
  const { isLoggedIn, userId } = useAuth();
  const queryClient = useQueryClient();

  // Logout (or any ended session) forgets everyone's presence.
  useEffect(
    () =>
      onSessionEnd(() => {
        presenceStore.reset();
        typingStore.reset();
      }),
    [],
  );

  useEffect(() => {
    if (!isLoggedIn || !userId || !getToken()) return;
    // Events sent while this socket (or, before its first connect, this page), or the server's link
    // to the other processes, was away are lost: the server says so (realtime:resync, sent on a
    // reconnect, and on the first connect when an event for this member went out since the page's
    // first request), and what they would have refreshed is fetched again. Only the queries on
    // screen are fetched again; the others are only marked stale.
    const refreshNewsletters = () => void refetchAfterChange(queryClient, newsletterKeys.all);
    const refreshNotifications = () => void refetchAfterChange(queryClient, notificationKeys.all);
    const catchUp = () => {
      void refreshFriendState(queryClient);
      refreshNewsletters();
      refreshNotifications();
      void refetchAfterChange(queryClient, feedKeys.all);
      // Messages sent while the tab slept or the socket was away: threads and lists are fetched again.
      void refetchAfterChange(queryClient, messageKeys.all);
      void refetchAfterChange(queryClient, publicProfilesKey);
    };
    const connection = openRealtimeConnection({
      userId,
      getToken,
      getSince: firstRequestServerTime,
      onConnectedChange: (connected) => presenceStore.setConnected(connected),
      handlers: {
        'users:online': (ids) => presenceStore.setOnlineList(ids),
        'user:online': ({ userId: id }) => presenceStore.markOnline(id),
        'user:offline': ({ userId: id, lastSeen }) => presenceStore.markOffline(id, lastSeen),
        'user:lastSeenResponse': ({ userId: id, lastSeen }) => presenceStore.recordLastSeen(id, lastSeen),
        'profile:changed': ({ userId: id, presence }) => {
          // No longer public to us: their dot goes neutral, and their page shows what it may now.
          if (presence === false) presenceStore.forget(id);
          void refetchAfterChange(queryClient, publicProfilesKey);
          void refetchAfterChange(queryClient, [...moviesKey, 'user', id]);
        },
        'friend:request': ({ sender }) => {
          void refreshFriendState(queryClient);
          toast.info(az.presence.friendRequestToast(sender.username));
        },
        'friend:accepted': () => void refreshFriendState(queryClient),
        'friend:removed': ({ userId: id }) => {
          presenceStore.forget(id);
          typingStore.stopped(id);
          void refreshFriendState(queryClient);
          // A thread with them on screen is closed now (the server answers it 404), and the lists change.
          void refetchAfterChange(queryClient, messageKeys.all);
        },
        'newsletter:created': refreshNewsletters,
        'newsletter:changed': refreshNewsletters,
        'feed:new': ({ item }) => prependFeedItem(queryClient, item),
        'notification:new': ({ notification }) => {
          refreshNotifications();
          // A verdict on the member's comment: the page showing it as pending shows it as it is now.
          if (notification.type === 'comment_approved' || notification.type === 'comment_rejected') {
            void refetchAfterChange(queryClient, allCommentsKey);
          }
        },
        'message:new': ({ message }) => {
          if (message.from !== userId) typingStore.stopped(message.from);
          applyNewMessage(queryClient, message, userId);
        },
        'message:read': ({ by, other, upTo }) => {
          // Read here or in another tab: the friend's messages are read, and the badges count them no more.
          if (by === userId) {
            applyMyRead(queryClient, other);
            refreshThreadSummaries(queryClient);
          } else applyRead(queryClient, by, upTo, userId);
        },
        'notifications:read': refreshNotifications,
        'newsletters:viewed': refreshNewsletters,
        'message:typing': ({ from }) => typingStore.typing(from),
        'import:progress': (event) => importProgress.emit(event),
        'realtime:resync': catchUp,
      },
    });
    presenceStore.setRequester(connection.requestLastSeen);
    typingStore.setSender(connection.sendTyping);
    const stop = () => {
      presenceStore.setRequester(null);
      typingStore.setSender(null);
      connection.close();
    };
    const off = onSessionEnd(stop);
    return () => {
      off();
      stop();
    };
  }, [isLoggedIn, userId, queryClient]);

  return null;
}
