import type { Locator, Page } from '@playwright/test';

// Pages the server sends prerendered (`/`, `/login`, `/register`: web/src/prerender/visitor-pages.tsx,
// server/src/plugins/page-html.ts), opened as a slow phone meets them: the page before its code.

/** Console errors and CSP reports from now on (a failed hydration shows up as one). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.text().includes('Content Security Policy')) && errors.push(m.text()),
  );
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Holds back the page's requests matching `url` until `release` is called. Requests held so far go
 * on then, and later ones pass straight through.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Opens `path` with the app's code held back until the returned function is called. */
export async function openWithoutScripts(page: Page, path = '/'): Promise<() => void> {
  const { release } = await holdRequests(page, '**/assets/**');
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/** Whether React has taken over this node (its own mark on it): hydrated there. */
export const hydrated = (node: Locator) =>
  node.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
