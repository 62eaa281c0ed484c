import { expect, signIn, test } from '../support/fixtures';

test('a member opening /admin sees exactly the admin-only refusal', async ({ page, api }) => {
  const member = await api.createUser('mem');
  await signIn(page, member.token, '/admin');
  await expect(page.getByRole('alert')).toHaveText('Bu səhifəyə giriş üçün admin yetkiniz yoxdur.');
  await expect(page).toHaveURL(/\/admin$/);
  // Same for a page inside the admin area.
  await page.goto('/admin/users');
  await expect(page.getByRole('alert')).toHaveText('Bu səhifəyə giriş üçün admin yetkiniz yoxdur.');
  await expect(page.getByRole('table')).toHaveCount(0);
});

for (const path of ['/dashboard', '/profile', '/friends', '/admin', '/admin/users']) {
  test(`a visitor opening ${path} is sent to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Daxil olun' })).toBeVisible();
  });
}

test('the admin reaches the admin area from the avatar menu', async ({ page, admin }) => {
  await signIn(page, admin.token, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Paneli' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Xoş gəldin, ${admin.username}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ümumi Panel' })).toBeVisible();
});
