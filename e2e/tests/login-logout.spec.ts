import { expect, storageItem, test } from '../support/fixtures';

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
