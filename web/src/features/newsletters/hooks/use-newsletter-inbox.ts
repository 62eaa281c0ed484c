import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { getLatestNewsletters } from '../api/get-latest-newsletters';
import { getUnreadCount } from '../api/get-unread-count';
import type {
  CountReply,
  FailedCount,
  FailedList,
  LatestNewsletters,
  NewsletterSummary,
} from '../api/newsletter-types';
import { LATEST_LIMIT } from '../api/newsletter-types';
import { newsletterKeys, UNREAD_REFRESH_MS } from './newsletter-keys';
import { useMarkViewedMutation } from './use-mark-viewed';

export interface NewsletterInbox {
  /** Unread count for the header badge. */
  unreadCount: number;
  /** The 5 latest unread newsletters for the dropdown. */
  latest: NewsletterSummary[];
  isLoading: boolean;
  /** Marks one viewed (the popup then closes and navigates to it). */
  markViewed: (id: string) => void;
}

const NO_ITEMS: NewsletterSummary[] = [];

/**
 * What the header popup shows (docs/product.md#newsletter-popup): the unread count and the latest
 * unread newsletters, refreshed every 5 minutes and when the window regains focus. Opening one
 * removes it from the dropdown and lowers the count at once (never below 0); the server's answer
 * then replaces both.
 */
export const useNewsletterInbox = (): NewsletterInbox => {
  const { isLoggedIn, isLoadingAuth } = useAuth();
  const enabled = isLoggedIn && !isLoadingAuth;
  const client = useQueryClient();
  const refresh = { refetchInterval: UNREAD_REFRESH_MS, refetchOnWindowFocus: true, enabled } as const;

  const count = useQuery({
    queryKey: newsletterKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    ...refresh,
  });
  const latest = useQuery({
    queryKey: newsletterKeys.latest,
    queryFn: ({ signal }) => getLatestNewsletters(LATEST_LIMIT, signal),
    ...refresh,
  });
  const mark = useMarkViewedMutation();
  const { mutate } = mark;

  const markViewed = useCallback(
    (id: string) => {
      // A refresh in flight must not bring the item or the old count back.
      void client.cancelQueries({ queryKey: newsletterKeys.latest });
      void client.cancelQueries({ queryKey: newsletterKeys.unreadCount });
      const current = client.getQueryData<LatestNewsletters | FailedList>(newsletterKeys.latest);
      const item = current?.data.find((n) => n.id === id);
      if (current?.success) {
        client.setQueryData<LatestNewsletters>(newsletterKeys.latest, {
          ...current,
          data: current.data.filter((n) => n.id !== id),
        });
      }
      if (item && !item.is_viewed) {
        client.setQueryData<CountReply | FailedCount>(newsletterKeys.unreadCount, (old) =>
          old ? ({ ...old, count: Math.max(0, old.count - 1) } as CountReply | FailedCount) : old,
        );
      }
      mutate(id);
    },
    [client, mutate],
  );

  if (!enabled) return { unreadCount: 0, latest: NO_ITEMS, isLoading: false, markViewed };
  return {
    unreadCount: Math.max(0, count.data?.count ?? 0),
    latest: latest.data?.data ?? NO_ITEMS,
    isLoading: latest.isPending,
    markViewed,
  };
};
