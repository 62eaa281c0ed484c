import type { Page } from '@playwright/test';
import { expect, signIn, storageItem, test } from '../support/fixtures';
import { consoleErrors, hydrated, openWithoutScripts } from '../support/held-scripts';

// The landing page arrives prerendered in the HTML of `/` (web/src/prerender/visitor-pages.tsx,
// server/src/plugins/page-html.ts) and the app hydrates it (web/src/main.tsx).

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Filmlər dostlarla daha maraqlıdır' });
const registerLink = (page: Page) => page.getByRole('link', { name: 'Pulsuz qeydiyyatdan keçin' }).first();
/** The sidebar drawer's navigation (web/src/i18n/az.ts sidebar.label). */
const NAV_LABEL = 'Əsas naviqasiya';
const htmlBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('a visitor sees the landing page before any script has run, and the app then takes over the same nodes', async ({
  page,
}) => {
  // Phone width: the layout's width check changes right after hydration, which must not make React
  // render the page afresh.
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = consoleErrors(page);
  const release = await openWithoutScripts(page);
  await expect(heading(page)).toBeVisible();
  await expect(registerLink(page)).toHaveAttribute('href', '/register');
  expect(await htmlBackground(page)).toBe('rgb(245, 245, 245)');
  // A mark on the prerendered heading: hydration keeps the node, a fresh render would replace it.
  await heading(page).evaluate((node) => {
    (node as HTMLElement & { prerendered?: boolean }).prerendered = true;
  });

  release();
  // Once React has hydrated the prerendered button (its own mark on the node), React's handler
  // answers on it. (Clicks before that are kept and made again: the next test.)
  const toggle = page.getByRole('button', { name: 'Qaranlıq rejimə keç' });
  await expect.poll(() => hydrated(toggle)).toBe(true);
  await toggle.click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
  expect(await heading(page).evaluate((node) => (node as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(
    true,
  );
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
  await page.getByRole('button', { name: 'İşıqlı rejimə keç' }).click();

  // Its links are the router's: no new document.
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  await registerLink(page).click();
  await expect(page).toHaveURL(/\/register$/);
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('buttons clicked before any script has run answer once the app has the page: the theme, then the menu', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const release = await openWithoutScripts(page);
  await expect(heading(page)).toBeVisible();
  // index.html's boot script keeps these two clicks (contracts/src/boot-script.ts); nothing happens yet.
  await page.getByRole('button', { name: 'Qaranlıq rejimə keç' }).click();
  await page.getByRole('button', { name: 'Menyunu aç' }).click();
  expect(await storageItem(page, 'darkMode')).toBeNull();
  expect(await htmlBackground(page)).toBe('rgb(245, 245, 245)');

  release();
  await expect(page.getByRole('navigation', { name: NAV_LABEL })).toBeVisible();
  await expect.poll(() => storageItem(page, 'darkMode')).toBe('true');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
  // Made once each: a second theme click would have switched back to light.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: NAV_LABEL })).toBeHidden();
  await expect(page.getByRole('button', { name: 'İşıqlı rejimə keç' })).toBeVisible();
  expect(await storageItem(page, 'darkMode')).toBe('true');
  expect(errors).toEqual([]);
});

test('with a stored dark theme the light prerendered page stays hidden, and the app renders the dark one', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  const release = await openWithoutScripts(page);
  await expect(heading(page)).toBeHidden();
  expect(await htmlBackground(page)).toBe('rgb(18, 18, 18)');

  release();
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'İşıqlı rejimə keç' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
  expect(errors).toEqual([]);
});

test('a member never sees the visitor’s prerendered page: it stays hidden until the app shows theirs', async ({
  page,
  admin,
}) => {
  const errors = consoleErrors(page);
  await signIn(page, admin.token, '/login');
  const release = await openWithoutScripts(page);
  await expect(heading(page)).toBeHidden();
  await expect(registerLink(page)).toBeHidden();

  release();
  await expect(page.getByRole('link', { name: 'İdarə panelinə keçin' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pulsuz qeydiyyatdan keçin' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the prerendered styles carry only the keyframes a rule of the page animates with', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const css = [...html.matchAll(/<style data-emotion="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]).join('');
  expect(css).toContain('.css-');
  const defined = [...css.matchAll(/@keyframes ([\w-]+)/g)].map((m) => m[1] as string);
  const rules = css.replace(/@(-webkit-)?keyframes [\w-]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  for (const name of defined) expect(rules, name).toContain(name);
});
