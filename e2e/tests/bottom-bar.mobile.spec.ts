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

test("at 360 px a member's header fits the screen: its messages are in the bottom bar", async ({ page, api }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await api.createUser('narrow');
  await signIn(page, user.token, '/dashboard');
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: 'Hesab menyusu' });
  await expect(account).toBeVisible();
  // Nothing past the right edge: the page does not scroll sideways and the avatar is whole.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await account.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await expect(header.getByRole('link', { name: /^Mesajlar/ })).toBeHidden();
  const bar = page.getByRole('navigation', { name: 'Mobil naviqasiya' });
  await expect(bar.getByRole('button', { name: /^Mesajlar/ })).toBeVisible();
  // Each of the bar's five actions lies whole inside the screen.
  const actions = await bar.getByRole('button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );
  expect(actions).toHaveLength(5);
  for (const { left, right } of actions) {
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(360);
  }
});
