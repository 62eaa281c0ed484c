import type { FeedItem, FeedPage } from '@kinodost/contracts/schemas/feed';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { applyLiveUpdate } from '../../../lib/live-query-update';

export const feedKeys = {
  all: ['feed'] as const,
};

/**
 * A `feed:new` item goes on top of the first page already shown (once: an item the page has
 * already fetched is not added again). A feed not open or not loaded yet is left alone; a fetch of
 * it under way is sent again (lib/live-query-update.ts).
 */
export function prependFeedItem(client: QueryClient, item: FeedItem): void {
  applyLiveUpdate<InfiniteData<FeedPage, string | null>>(client, feedKeys.all, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.data.some((i) => i.id === item.id))) return data;
    const [first, ...rest] = data.pages as [FeedPage, ...FeedPage[]];
    return { ...data, pages: [{ ...first, data: [item, ...first.data] }, ...rest] };
  });
}
