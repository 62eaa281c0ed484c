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

test("a member's page asks for the profile once: index.html's early request is the one the app reads", async ({
  page,
  api,
}) => {
  const member = await api.createUser('early');
  await signIn(page, member.token, '/dashboard');
  await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${member.username}!` })).toBeVisible();

  const profileRequests: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/profile') profileRequests.push(request.headers().authorization);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: `Xoş gəldiniz, ${member.username}!` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(profileRequests).toEqual([`Bearer ${member.token}`]);
});
