import type { FeedPage } from '@kinodost/contracts/schemas/feed';
import { apiRequest } from '../../../lib/api-client';

/** Items per page of the feed. */
export const FEED_PAGE_SIZE = 20;

/** GET /api/feed?before&limit: the caller's and their friends' activity, newest first. */
export const getFeed = (before: string | null, signal?: AbortSignal): Promise<FeedPage> =>
  apiRequest<FeedPage>(`/feed?limit=${FEED_PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ''}`, {
    signal,
  });
