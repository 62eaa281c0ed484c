/**
 * Query keys of every newsletter query. Everything starts with 'newsletters', so invalidating
 * `newsletterKeys.all` refreshes the badge, the dropdown, the pages and the admin list at once
 * (what the realtime feature does when a newsletter is published).
 */
export const newsletterKeys = {
  all: ['newsletters'] as const,
  /** The header badge: GET /newsletters/unread-count. */
  unreadCount: ['newsletters', 'unread-count'] as const,
  /** The header dropdown: GET /newsletters/latest. */
  latest: ['newsletters', 'latest'] as const,
  list: (page: number) => ['newsletters', 'list', page] as const,
  detail: (id: string) => ['newsletters', 'detail', id] as const,
  admin: (page: number, limit: number) => ['newsletters', 'admin', page, limit] as const,
};

/** docs/product.md#newsletters: the unread count (and the dropdown with it) refresh every 5 minutes. */
export const UNREAD_REFRESH_MS = 5 * 60 * 1000;
