import { lazy } from 'react';

/** Resolves at the window's next `online` event. */
const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * Imports a chunk; when that fails while the browser is offline, imports it again once it is back
 * online, as often as it takes. A page loads some of its code after its first paint (closed
 * dialogs, the feed beside the collection, the realtime bridge): a network gone for a moment
 * then must not turn the page the member is using into the error screen. A failure while online
 * (a chunk a newer deploy no longer has) still rejects, and the error screen offers a reload.
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await backOnline();
    }
  }
}

/** React.lazy over importWhenOnline: the Suspense fallback stays until the code has arrived. */
export const lazyWhenOnline: typeof lazy = (load) => lazy(() => importWhenOnline(load));
