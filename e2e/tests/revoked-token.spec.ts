import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { currentPath, expect, signIn, storageItem, test } from '../support/fixtures';

// A password change bumps the user's token version, so the browser's stored token answers 401.

test('a token revoked from outside ends the session at the next start: /login', async ({ page, api }) => {
  const user = await api.createUser('rev');
  await signIn(page, user.token, '/dashboard');
  await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${user.username}!` })).toBeVisible();

  await api.changePassword(user.token, user.password, `${user.password}-2`);
  await page.reload();

  // docs/product.md#auth-state-in-the-browser: the profile fails at start, the token goes, the user lands on /login.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Daxil olun' })).toBeVisible();
});

/**
 * Signs a member in on /profile, revokes the token from outside and saves the profile form. The
 * save (PUT) or a background refresh that reaches the server first answers 401: either way it is
 * the next authenticated call, and it must end the session.
 */
const revokeThenSave = async (page: Page, api: Api) => {
  const user = await api.createUser('rev');
  await signIn(page, user.token, '/profile');
  const nameField = page.getByRole('textbox', { name: 'İstifadəçi adı', exact: true });
  await expect(nameField).toHaveValue(user.username);

  const unauthorized = page.waitForResponse(
    (res) => new URL(res.url()).pathname.startsWith('/api/') && res.status() === 401,
  );
  await api.changePassword(user.token, user.password, `${user.password}-2`);
  await nameField
    .fill(`${user.username}_2`, { timeout: 2_000 })
    .then(() => page.getByRole('button', { name: 'Yadda saxla' }).click({ timeout: 2_000 }))
    .catch(() => undefined); // the session may already have ended: the page is /login then
  await unauthorized;
};

test('a token revoked while the app runs: the next authenticated call ends the session on /login', async ({
  page,
  api,
}) => {
  await revokeThenSave(page, api);
  // docs/product.md#roles: any 401 clears the token and sends the user to the login page.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Daxil olun' })).toBeVisible();
});

test('a token revoked while the app runs: the login page carries ?expired=true and says why', async ({ page, api }) => {
  await revokeThenSave(page, api);
  // docs/product.md#pages-and-routes (/login) and #error-texts: the session that ended is marked expired=true.
  await expect.poll(() => currentPath(page)).toBe('/login?expired=true');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByText('Sessiyanızın müddəti bitib. Zəhmət olmasa, yenidən daxil olun.')).toBeVisible();
});
