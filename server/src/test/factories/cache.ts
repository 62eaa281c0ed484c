import type { App } from '../../app';

/**
 * Factories write straight to the database, behind the app's back, so they drop the cached
 * answers their rows make stale, as the app's own write would through its event
 * (plugins/response-cache.ts).
 */
export const dropCached = (app: App, ...tags: string[]) => {
  for (const t of tags) app.responseCache?.invalidate(t);
};
