import type { Page } from '@playwright/test';
import { expect, storageItem, test } from '../support/fixtures';
import { consoleErrors, holdRequests, hydrated, openWithoutScripts } from '../support/held-scripts';

test('log out from the avatar menu, then sign in again with the username and with the email', async ({ page, api }) => {
  const user = await api.createUser('log');
  const signInWith = async (identifier: string) => {
    await page.getByLabel('İstifadəçi adı və ya e-poçt').fill(identifier);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${user.username}!` })).toBeVisible();
  };
  const logOut = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' }).click();
    await page.getByRole('menuitem', { name: 'Çıxış' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, 'token')).toBeNull();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);
  };

  await page.goto('/login');
  await signInWith(user.username);
  await logOut();
  // Logged out for real: a member page sends the visitor back to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signInWith(user.email);
  await logOut();
});

test('a wrong password keeps the visitor on /login with an error', async ({ page, api }) => {
  const user = await api.createUser('log');
  await page.goto('/login');
  await page.getByLabel('İstifadəçi adı və ya e-poçt').fill(user.username);
  await page.locator('input[name="password"]').fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storageItem(page, 'token')).toBeNull();
});

// /login arrives prerendered (web/src/prerender/visitor-pages.tsx) and the app hydrates it: what a
// visitor typed before the scripts came must be what the form sends.
const identifierField = (page: Page) => page.getByLabel('İstifadəçi adı və ya e-poçt');
const passwordField = (page: Page) => page.locator('input[name="password"]');
type Marked = HTMLElement & { prerendered?: boolean };
/** A mark on the prerendered heading: hydration keeps the node, a fresh render would replace it. */
const markHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Daxil olun' }).evaluate((node) => {
    (node as Marked).prerendered = true;
  });
const headingKept = (page: Page) =>
  page.getByRole('heading', { name: 'Daxil olun' }).evaluate((node) => (node as Marked).prerendered === true);
/** Opens /login with its code held back, marks its heading and types into its fields. */
async function typeBeforeScripts(page: Page, identifier: string, password: string): Promise<() => void> {
  const release = await openWithoutScripts(page, '/login');
  await markHeading(page);
  await identifierField(page).fill(identifier);
  await passwordField(page).fill(password);
  return release;
}

test('typed and sent with Enter before any script has run, the sign-in goes through once the app has the page', async ({
  page,
  api,
}) => {
  const user = await api.createUser('early');
  const errors = consoleErrors(page);
  const release = await typeBeforeScripts(page, user.username, user.password);
  await passwordField(page).press('Enter');
  // The boot script kept the submit: the browser did not send the form itself.
  expect(new URL(page.url()).search).toBe('');
  expect(await storageItem(page, 'token')).toBeNull();

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${user.username}!` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('typed before any script has run, the text stays and is sent once the app has taken over the same fields', async ({
  page,
  api,
}) => {
  const user = await api.createUser('early');
  const errors = consoleErrors(page);
  const release = await typeBeforeScripts(page, user.email, user.password);

  release();
  await expect.poll(() => hydrated(passwordField(page))).toBe(true);
  // Hydrated, not rendered afresh: the same nodes, the typed text in them.
  expect(await headingKept(page)).toBe(true);
  await expect(identifierField(page)).toHaveValue(user.email);
  await expect(passwordField(page)).toHaveValue(user.password);
  await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

test('opened as /login?expired=true, the prerendered page is hydrated and then says why the visitor is here', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const release = await openWithoutScripts(page, '/login?expired=true');
  await markHeading(page);
  release();
  await expect(page.getByRole('alert')).toHaveText('Sessiyanızın müddəti bitib. Zəhmət olmasa, yenidən daxil olun.');
  await expect.poll(() => hydrated(passwordField(page))).toBe(true);
  expect(await headingKept(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('signed in from another tab while /login waits for its page code, the page is rendered for the member, not hydrated, and leads on to the dashboard', async ({
  page,
  api,
}) => {
  const user = await api.createUser('othertab');
  const errors = consoleErrors(page);
  // A slow phone's CPU: the profile's answer then arrives while the page would still be hydrating.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const pageChunk = await holdRequests(page, '**/assets/login-page-*.js');
  // DOMContentLoaded comes after the entry module ran: it has decided to hydrate the visitor's
  // page and waits for the page's chunk (the prerendered mark stays on until it hydrates).
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  expect(await page.locator('#root').getAttribute('data-prerendered')).not.toBeNull();
  await markHeading(page);
  // Meanwhile another tab of the same browser signs in: the token lands in the shared storage.
  const other = await page.context().newPage();
  await other.goto('/api/health');
  await other.evaluate((token) => localStorage.setItem('token', token), user.token);
  await other.close();
  pageChunk.release();
  // Rendered for the member, as a fresh load with the token is (their header), and /login has
  // nothing for them: they go on to the dashboard (useLeaveWhenSignedIn).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Daxil olun' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
