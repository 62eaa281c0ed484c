import { expect, signIn, test } from '../support/fixtures';

test('logged out: the "Daxil Ol" button shows on / only, and leads to /login', async ({ page }) => {
  const header = page.getByRole('banner');
  await page.goto('/');
  const loginButton = header.getByRole('link', { name: 'Daxil Ol', exact: true });
  await expect(loginButton).toBeVisible();
  await expect(header.getByRole('link', { name: 'KinoDost — ana səhifə' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('button', { name: 'Hesab menyusu' })).toHaveCount(0);

  for (const path of ['/register', '/login', '/newsletters']) {
    await page.goto(path);
    await expect(header).toBeVisible();
    await expect(header.getByRole('link', { name: 'Daxil Ol', exact: true })).toHaveCount(0);
  }

  await page.goto('/');
  await loginButton.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('logged in: no "Daxil Ol" on /, the avatar menu instead, and no bottom bar on a wide screen', async ({
  page,
  api,
}) => {
  const user = await api.createUser('hdr');
  await signIn(page, user.token, '/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Hesab menyusu' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Daxil Ol', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Mobil naviqasiya' })).toHaveCount(0);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/bu-sehife-yoxdur/123');
  expect(response?.status()).toBe(200); // the SPA answers; the router decides
  await expect(page.getByRole('heading', { name: 'Səhifə tapılmadı' })).toBeVisible();
  await expect(page.getByText('Axtardığınız səhifə mövcud deyil və ya başqa ünvana köçürülüb.')).toBeVisible();
  await page.getByRole('link', { name: 'Ana səhifəyə qayıt' }).click();
  await expect(page).toHaveURL(/\/$/);
});
