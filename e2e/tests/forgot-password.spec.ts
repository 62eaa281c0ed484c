import { expect, test } from '../support/fixtures';
import { readResetLink } from '../support/outbox';

test('forgot password: mailed link, new password works, the old one no longer does', async ({ page, api, e2e }) => {
  const user = await api.createUser('fgt');
  const newPassword = `${user.password}-Yeni`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Şifrənizi unutmusunuz?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: 'E-poçt', exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Keçid göndər' }).click();
  await expect(page.getByRole('status')).toContainText('keçid göndərildi');

  const link = await readResetLink(e2e.dataDir, user.email);
  // The link points at this install (PUBLIC_URL) and the SPA route of docs/product.md#pages-and-routes.
  expect(link.startsWith(`${e2e.baseURL}/reset-password/`)).toBe(true);
  await page.goto(link);
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="confirmPassword"]').fill(newPassword);
  await page.getByRole('button', { name: 'Şifrəni yenilə' }).click();
  await expect(page.getByRole('status')).toHaveText('Şifrəniz yeniləndi. İndi yeni şifrə ilə daxil ola bilərsiniz.');
  await page.getByRole('link', { name: 'Daxil ol' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const signIn = async (password: string) => {
    await page.getByLabel('İstifadəçi adı və ya e-poçt').fill(user.username);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
  };
  await signIn(user.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same from outside the browser, and the link is single-use.
  expect((await api.loginResponse(user.username, user.password)).status()).toBe(401);
  const reuse = await page.request.post('/api/auth/reset-password', {
    data: { token: link.split('/').pop(), newPassword: `${newPassword}-2` },
  });
  expect(reuse.status()).toBe(400);
});
