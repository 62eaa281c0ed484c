import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { readResetLink } from '../support/outbox';
import { uniqueTag } from '../support/users';

/** The users table row of one user, found by the username link in its first cell. */
const userRow = (page: Page, username: string) =>
  page
    .getByRole('table', { name: 'İstifadəçilər cədvəli' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });

test("the last admin's own switch and delete button are disabled, with a tooltip saying why", async ({
  page,
  api,
  admin,
}) => {
  // Journeys before this one may have left admins behind: make the run's admin the only one.
  for (const other of await api.admins(admin.token)) {
    if (other.id !== admin.id) await api.setAdmin(admin.token, other.id, false);
  }

  await signIn(page, admin.token, '/admin/users');
  const listed = page.waitForResponse((res) => res.url().includes(`q=${encodeURIComponent(admin.username)}`));
  await page.getByRole('searchbox', { name: 'Axtarış' }).fill(admin.username);
  await listed;
  const row = userRow(page, admin.username);
  const adminSwitch = row.getByRole('switch', { name: `${admin.username} üçün admin hüququ` });
  const deleteButton = row.getByRole('button', { name: `${admin.username} istifadəçisini sil` });
  await expect(adminSwitch).toBeChecked();
  await expect(adminSwitch).toBeDisabled();
  await expect(deleteButton).toBeDisabled();

  // Disabled controls take no pointer events: the pointer lands on the wrapper that holds the tooltip.
  await adminSwitch.hover({ force: true });
  const tooltip = (text: string) => page.getByRole('tooltip').filter({ hasText: text });
  await expect(
    tooltip('Sonuncu admini adminlikdən çıxarmaq olmaz: əvvəlcə başqa istifadəçini admin edin'),
  ).toBeVisible();
  await deleteButton.hover({ force: true });
  await expect(tooltip('Sonuncu admini silmək olmaz: əvvəlcə başqa istifadəçini admin edin')).toBeVisible();

  // The server still refuses on its own.
  const refused = await page.request.put(`/api/user/${admin.id}/admin`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { isAdmin: false },
  });
  expect(refused.status()).toBe(400);

  // With a second admin, both are enabled again.
  const second = await api.createAdmin(admin.token);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Axtarış' }).fill(admin.username);
  await expect(adminSwitch).toBeEnabled();
  await expect(deleteButton).toBeEnabled();
  await api.setAdmin(admin.token, second.id, false);
});

test('a used reset link says so as the page opens, with a one-line way to ask for a new one', async ({
  page,
  api,
  e2e,
}) => {
  const user = await api.createUser('rst');
  await api.forgotPassword(user.email);
  const link = await readResetLink(e2e.dataDir, user.email);
  const token = link.split('/').pop() as string;

  // Still valid: checking it does not use it up, and the form is shown.
  await page.goto(link);
  await expect(page.locator('input[name="newPassword"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('input[name="newPassword"]')).toBeVisible();

  await api.resetPassword(token, `${user.password}-Yeni`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Bu keçid işləmir' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Şifrə yeniləmə keçidi etibarsızdır və ya müddəti bitib');
  await expect(page.locator('input[name="newPassword"]')).toHaveCount(0);
  const requestNew = page.getByRole('link', { name: 'Yeni keçid istə' });
  await expect(requestNew).toBeVisible();
  // Its text is laid out on one line, not broken over two.
  const lines = await requestNew.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await requestNew.click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // A link that was never issued is refused the same way.
  await page.goto(`/reset-password/${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText('Şifrə yeniləmə keçidi etibarsızdır və ya müddəti bitib');
});

test("an admin's own comment is published at once", async ({ page, api, admin, newPage }) => {
  const movie = await api.createMovie(admin.token, { title: `Admin filmi ${uniqueTag()}` });
  const text = `Adminin şərhi ${uniqueTag()}`;

  await signIn(page, admin.token, `/movie/${movie.id}`);
  await page.getByRole('textbox', { name: 'Şərhiniz' }).fill(text);
  await page.getByRole('button', { name: 'Göndər', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Şərhiniz' })).toHaveText('Şərhiniz dərc olundu.');
  const own = page.getByRole('article', { name: admin.username, exact: true });
  await expect(own).toContainText(text);
  await expect(own).not.toContainText('Təsdiq gözləyir');

  const visitor = await newPage();
  await visitor.goto(`/movie/${movie.id}`);
  await expect(visitor.getByRole('article', { name: admin.username, exact: true })).toContainText(text);
});

test('a search that finds nothing says so once', async ({ page, api }) => {
  const member = await api.createUser('srch');
  const query = `yoxdur${uniqueTag()}`;
  await signIn(page, member.token, '/dashboard');
  const searched = page.waitForResponse(
    (res) => res.url().includes(`/api/movies/search/${encodeURIComponent(query)}`) && res.ok(),
  );
  await page.getByRole('searchbox', { name: 'Film axtar' }).fill(query);
  await searched;
  const results = page.getByRole('region', { name: `Bütün kolleksiyalarda "${query}" üzrə nəticələr` });
  await expect(results.getByRole('status')).toHaveText(`"${query}" üzrə heç bir film tapılmadı`);
  await expect(results.getByText(/tapıl/)).toHaveCount(1);
});

test('a member opening /admin reads the refusal inside the site, with its header and footer', async ({ page, api }) => {
  const member = await api.createUser('nadm');
  await signIn(page, member.token, '/admin/users');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText('Bu səhifəyə giriş üçün admin yetkiniz yoxdur.');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('a poster address on http:// is refused in the add form with the reason; an https one is taken', async ({
  page,
  api,
}) => {
  const member = await api.createUser('pstr');
  const title = `Poster yoxlaması ${uniqueTag()}`;
  await signIn(page, member.token, '/dashboard');
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Film əlavə et' });
  await form.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim', exact: true }).click();
  await form.getByRole('textbox', { name: 'Filmin adı' }).fill(title);
  const poster = form.getByRole('textbox', { name: 'Poster ünvanı (URL)' });
  await poster.fill('http://example.com/poster.jpg');
  await form.getByRole('button', { name: 'Əlavə et', exact: true }).click();
  await expect(form).toBeVisible();
  await expect(form.getByText('https:// ilə başlayan düzgün şəkil ünvanı daxil edin', { exact: false })).toBeVisible();
  await expect(poster).toHaveAttribute('aria-invalid', 'true');
  // An https address is taken.
  await poster.fill('https://example.com/poster.jpg');
  await form.getByRole('button', { name: 'Əlavə et', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`"${title}" kolleksiyanıza əlavə edildi`, { exact: true })).toBeVisible();
});
