import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/** The table row of one user, found by the username link in its first cell. */
const rowOf = (page: Page, username: string) =>
  page
    .getByRole('table', { name: 'İstifadəçilər cədvəli' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });

const search = async (page: Page, text: string) => {
  const listed = page.waitForResponse(
    (res) => res.url().includes('/api/user/all') && res.url().includes(`q=${encodeURIComponent(text)}`),
  );
  await page.getByRole('searchbox', { name: 'Axtarış' }).fill(text);
  await listed; // the field is debounced; wait for the list it asked for
};

test('the admin searches a user, renames them, toggles admin and deletes another', async ({ page, api, admin }) => {
  const target = await api.createUser('tgt');
  const victim = await api.createUser('vic');
  const renamed = `r${target.username.slice(1)}`;
  const table = page.getByRole('table', { name: 'İstifadəçilər cədvəli' });

  await signIn(page, admin.token, '/admin/users');
  await expect(page.getByRole('heading', { name: 'İstifadəçi İdarəetmə' })).toBeVisible();

  // Search: only the matching user is listed.
  await search(page, target.username);
  await expect(rowOf(page, target.username)).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2); // header + one user
  await expect(rowOf(page, target.username)).toContainText(target.email);

  // Edit the username in the dialog.
  await page.getByRole('button', { name: `${target.username} istifadəçisini redaktə et` }).click();
  const editDialog = page.getByRole('dialog', { name: 'İstifadəçini redaktə et' });
  await expect(editDialog.getByLabel('İstifadəçi adı')).toHaveValue(target.username);
  await editDialog.getByLabel('İstifadəçi adı').fill(renamed);
  await editDialog.getByRole('button', { name: 'Yadda saxla' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('İstifadəçi məlumatları yeniləndi')).toBeVisible();
  await search(page, renamed);
  await expect(rowOf(page, renamed)).toHaveCount(1);
  await expect(rowOf(page, target.username)).toHaveCount(0);
  expect((await api.profile(target.token)).username).toBe(renamed);

  // Toggle admin on, then off again.
  const adminSwitch = page.getByRole('switch', { name: `${renamed} üçün admin hüququ` });
  await expect(adminSwitch).not.toBeChecked();
  await adminSwitch.click();
  await expect(page.getByText(`${renamed} artıq admindir`)).toBeVisible();
  await expect(adminSwitch).toBeChecked();
  expect((await api.profile(target.token)).isAdmin).toBe(true);
  await adminSwitch.click();
  await expect(page.getByText(`${renamed} artıq admin deyil`)).toBeVisible();
  await expect(adminSwitch).not.toBeChecked();
  expect((await api.profile(target.token)).isAdmin).toBe(false);

  // Delete after the confirmation dialog; cancelling first deletes nothing.
  await search(page, victim.username);
  await page.getByRole('button', { name: `${victim.username} istifadəçisini sil` }).click();
  const confirm = page.getByRole('dialog', { name: 'İstifadəçi silinsin?' });
  await expect(confirm).toContainText(`"${victim.username}" istifadəçisi və ona aid bütün məlumatlar silinəcək.`);
  await confirm.getByRole('button', { name: 'Ləğv et' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, victim.username)).toHaveCount(1);

  await page.getByRole('button', { name: `${victim.username} istifadəçisini sil` }).click();
  await confirm.getByRole('button', { name: 'Bəli, sil' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('İstifadəçi silindi')).toBeVisible();
  await expect(rowOf(page, victim.username)).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Heç bir istifadəçi tapılmadı' })).toBeVisible();
  // Deleted for real: the account can no longer sign in, and its old token is refused.
  expect((await api.loginResponse(victim.username, victim.password)).status()).toBe(401);
  expect(
    (await page.request.get('/api/user/profile', { headers: { Authorization: `Bearer ${victim.token}` } })).status(),
  ).toBe(401);
});
