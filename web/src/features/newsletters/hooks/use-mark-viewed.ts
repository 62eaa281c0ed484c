import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { markNewsletterViewed } from '../api/mark-newsletter-viewed';
import { newsletterKeys } from './newsletter-keys';

/**
 * POST mark-viewed, then the server's truth for everything that shows read state (badge,
 * dropdown, list, detail). Callers that want an immediate change update the cache first.
 */
export const useMarkViewedMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNewsletterViewed(id),
    onSettled: () => refetchAfterChange(client, newsletterKeys.all),
  });
};
