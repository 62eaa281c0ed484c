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

  // SPEC.md section 4: the profile fails at start, the token goes, the user lands on /login.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Daxil olun' })).toBeVisible();
});

/** Signs a member in on /profile, revokes the token from outside and saves the profile form (PUT → 401). */
const revokeThenSave = async (page: Page, api: Api) => {
  const user = await api.createUser('rev');
  await signIn(page, user.token, '/profile');
  const emailField = page.getByLabel('E-poçt');
  await expect(emailField).toHaveValue(user.email);

  await api.changePassword(user.token, user.password, `${user.password}-2`);

  // An authenticated call made after start now answers 401.
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/user/profile') && res.request().method() === 'PUT',
  );
  await emailField.fill(`new.${user.email}`);
  await page.getByRole('button', { name: 'Yadda saxla' }).click();
  expect((await answered).status()).toBe(401);
};

test('a token revoked while the app runs: the next authenticated call ends the session on /login', async ({
  page,
  api,
}) => {
  await revokeThenSave(page, api);
  // SPEC.md section 6: any 401 clears the token and sends the user to the login page.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Daxil olun' })).toBeVisible();
});

test('a token revoked while the app runs: the login page carries ?expired=true and says why', async ({ page, api }) => {
  await revokeThenSave(page, api);
  // SPEC.md section 2 (/login row) and section 8: the session that ended is marked expired=true.
  await expect.poll(() => currentPath(page)).toBe('/login?expired=true');
  expect(await storageItem(page, 'token')).toBeNull();
  await expect(page.getByText('Sessiyanızın müddəti bitib. Zəhmət olmasa, yenidən daxil olun.')).toBeVisible();
});
