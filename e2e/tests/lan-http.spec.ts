import { LAN_HOST } from '../support/chromium';
import { expect, storageItem, test } from '../support/fixtures';

// `npm start` opened over plain http by a name other than loopback (another machine, a phone on the
// LAN). With `upgrade-insecure-requests` in the CSP the browser moved every asset to https, which
// nobody serves, and the page stayed blank (server/src/plugins/security-headers.ts).
test('over plain http by a LAN name the app loads, stays on http and signs a member in', async ({ page, api, e2e }) => {
  const user = await api.createUser('lan');
  const origin = new URL(e2e.baseURL);
  origin.hostname = LAN_HOST;
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin.origin)) elsewhere.push(request.url());
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    // A fetch the app itself cancels (leaving a page) is no fault of the transport.
    if (error !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${error}`);
  });

  await page.goto(`${origin.origin}/login`);
  // Loaded: the page's scripts and styles came from the http origin (an upgraded one is listed here).
  expect(elsewhere).toEqual([]);
  expect(failed).toEqual([]);
  await page.getByLabel('İstifadəçi adı və ya e-poçt').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
  await expect(page).toHaveURL(`${origin.origin}/dashboard`);
  await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${user.username}!` })).toBeVisible();
  expect(await storageItem(page, 'token')).not.toBeNull();
  // So did the chunks and API calls of signing in.
  expect(elsewhere).toEqual([]);
  expect(failed).toEqual([]);
});
