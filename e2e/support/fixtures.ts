import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { Api, type ApiUser } from './api';
import { type E2eEnv, readE2eEnv } from './env';

interface Fixtures {
  /** Where the run's server lives and the admin created first. */
  e2e: E2eEnv;
  api: Api;
  /** The run's first (admin) account, signed in through the API for this test. */
  admin: ApiUser;
  /**
   * A page in a new browser context of its own (own storage, so another person), with the
   * project's options (baseURL, locale, time zone, viewport). Closed when the test ends.
   */
  newPage: () => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring pattern
  e2e: async ({}, use) => use(readE2eEnv()),
  api: async ({ request }, use) => use(new Api(request)),
  admin: async ({ api, e2e }, use) => {
    const token = await api.login(e2e.admin.username, e2e.admin.password);
    const { id } = await api.profile(token);
    await use({ ...e2e.admin, id, token });
  },
  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/**
 * Signs the browser in by storing the token as the app does after login (docs/product.md#theme-and-storage, key
 * `token`), then opens `path`. Journeys about the login form itself use the form instead.
 */
export async function signIn(page: Page, token: string, path = '/dashboard'): Promise<void> {
  // The token goes in on a page of the origin that runs no app: on a prerendered page (/login) it
  // could land while React hydrates the visitor's page, and that render then differs from it.
  await page.goto('/api/health');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
}

/** A localStorage value of the page's origin. */
export const storageItem = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

/** The pathname plus query of the page, which is what the routing rules speak about. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
