import { expect, signIn, test } from '../support/fixtures';

test('on a 390 px phone a member gets the bottom bar; its profile item opens the "Profil" dialog', async ({
  page,
  api,
}) => {
  const user = await api.createUser('mob');
  await signIn(page, user.token, '/dashboard');

  const bar = page.getByRole('navigation', { name: 'Mobil naviqasiya' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Profil' }).click();

  const dialog = page.getByRole('dialog', { name: 'Profil' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(user.username, { exact: true })).toBeVisible();
  // docs/product.md#mobile-bottom-bar: the user id as its first 8 characters.
  await expect(dialog.getByText(`Sizin ID: ${user.id.slice(0, 8)}`, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Profilim' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Admin Panel' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Profilim' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(dialog).toBeHidden();
});

test('on a phone a visitor gets no bottom bar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mobil naviqasiya' })).toHaveCount(0);
});
