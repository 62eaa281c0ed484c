import { expect, storageItem, test } from '../support/fixtures';
import { uniqueUser } from '../support/users';

test('a visitor registers through the form and lands on the dashboard, signed in', async ({ page }) => {
  const user = uniqueUser('reg');
  await page.goto('/register');
  await page.getByLabel('İstifadəçi adı', { exact: false }).fill(user.username);
  await page.getByRole('textbox', { name: 'E-poçt', exact: true }).fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="confirmPassword"]').fill(user.password);

  // The confirmation must stay in the browser (docs/product.md#accounts).
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/auth/register') && req.method() === 'POST');
  await page.getByRole('button', { name: 'Qeydiyyatdan keç' }).click();
  expect((await sent).postDataJSON()).toEqual({
    username: user.username,
    password: user.password,
    email: user.email,
  });

  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await storageItem(page, 'token')).toBeTruthy();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Daxil Ol' })).toHaveCount(0);
  await header.getByRole('button', { name: 'Hesab menyusu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(user.username, { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profilim' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Dost siyahısı' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Çıxış' })).toBeVisible();
  // A member is not an admin (the first account of the run already took that place).
  await expect(menu.getByRole('menuitem', { name: 'Admin Paneli' })).toHaveCount(0);
});

test('the form refuses a confirmation that does not match, without calling the server', async ({ page }) => {
  const user = uniqueUser('reg');
  let calls = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/register')) calls += 1;
  });
  await page.goto('/register');
  await page.getByLabel('İstifadəçi adı', { exact: false }).fill(user.username);
  await page.getByRole('textbox', { name: 'E-poçt', exact: true }).fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="confirmPassword"]').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'Qeydiyyatdan keç' }).click();
  await expect(page.getByText('Şifrələr eyni deyil')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(calls).toBe(0);
});
