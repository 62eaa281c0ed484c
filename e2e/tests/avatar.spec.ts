import { expect, signIn, test } from '../support/fixtures';
import { solidPng } from '../support/png';

test('a member uploads a PNG avatar on /profile and the header shows the re-encoded WebP', async ({ page, api }) => {
  const user = await api.createUser('ava');
  await signIn(page, user.token, '/profile');

  const headerAvatar = page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' }).locator('img');
  // No picture yet: the header shows the initial, not an image.
  await expect(headerAvatar).toHaveCount(0);

  await page
    // The avatar's picker (the profile page also has the import's file input).
    .locator('input[type="file"][accept*="image/"]')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: solidPng(96, [233, 30, 99]) });
  await expect(page.getByRole('img', { name: 'Seçilmiş şəklin önizləməsi' })).toBeVisible();
  const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/user/avatar') && res.status() === 200);
  await page.getByRole('button', { name: 'Yüklə' }).click();
  await uploaded;
  await expect(page.getByText('Profil şəkli yeniləndi')).toBeVisible();

  await expect(headerAvatar).toHaveAttribute('src', /\/uploads\/avatars\/[^/]+\.webp$/);
  // The file is really served and decodes as an image.
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const src = await headerAvatar.getAttribute('src');
  const file = await page.request.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('image/webp');

  // It survives a reload: the profile answers the same URL.
  await page.reload();
  await expect(headerAvatar).toHaveAttribute('src', src!);
});
