import type { SiteReply } from '@kinodost/contracts/schemas/site';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The install's own settings (GET /api/site: the footer's social links, set on the server with
 * SOCIAL_*, and whether it has TMDB). Asked once per visit; nothing is shown for them until they
 * arrive, so the landing page rendered at build time and its hydration agree.
 */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiRequest<SiteReply>('/site', { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
