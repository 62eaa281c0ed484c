import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/** The header's newsletters icon; its accessible name carries the unread count. */
const newslettersButton = (page: Page, unread: number) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: unread > 0 ? `Yeniliklər: ${unread} oxunmamış` : 'Yeniliklər', exact: true });

/** dd.MM.yyyy in the browser's time zone (the config's Asia/Baku), as the product writes dates (docs/product.md#theme-and-storage). */
const ddMMyyyy = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Baku',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('day')}.${part('month')}.${part('year')}`;
};

/** Set by the hostile content if any of it ever runs. */
const XSS_FLAG = '__kinodostXss';
const hostileContent = (bold: string) =>
  [
    `Salam! Bu həftə **${bold}** üçün yeni imkanlar var.`,
    '',
    `<script>window.${XSS_FLAG} = 'script'</script>`,
    '',
    `<img src="x" onerror="window.${XSS_FLAG} = 'img'">`,
    '',
    'Yaxşı baxışlar!',
  ].join('\n');

/** The rendered Markdown has the bold word as <strong> and nothing of the raw HTML. */
async function expectSafelyRendered(page: Page, scope: Locator, bold: string) {
  await expect(scope.locator('strong')).toHaveText(bold);
  await expect(scope).toContainText('Yaxşı baxışlar!');
  await expect(scope.locator('script, img, [onerror]')).toHaveCount(0);
  await expect(scope).not.toContainText(XSS_FLAG);
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
}

test('the admin publishes an important newsletter; a member sees the badge and the item, opens it, the badge drops; a visitor reads it', async ({
  page,
  api,
  admin,
  newPage,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const title = `Yeni funksiyalar ${tag}`;
  const bold = `kinosevərlər ${tag}`;

  // 1. The admin writes it on /admin/newsletters; the live preview already renders it safely.
  await signIn(page, admin.token, '/admin/newsletters');
  await page.getByRole('button', { name: 'Yenilik yaz', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Yeni yenilik' });
  await editor.getByRole('textbox', { name: 'Başlıq' }).fill(title);
  await editor.getByLabel('Vacib yenilik', { exact: true }).check();
  await editor.getByRole('textbox', { name: 'Mətn (Markdown)' }).fill(hostileContent(bold));
  await expectSafelyRendered(page, editor.getByRole('region', { name: 'Önizləmə' }), bold);
  await editor.getByRole('button', { name: 'Dərc et', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Yenilik dərc edildi', { exact: true })).toBeVisible();
  const row = page.getByRole('table', { name: 'Yeniliklər cədvəli' }).getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Vacib');

  // 2. A member: the badge counts it, the popup lists it with its date, highlighted and unread.
  const member = await api.createUser('rdr');
  const published = (await api.newsletters(member.token)).data.find((n) => n.title === title);
  expect(published).toMatchObject({ is_important: true, is_viewed: false });
  const id = published?.id as string;
  const unread = await api.unreadNewsletterCount(member.token);
  expect(unread).toBeGreaterThanOrEqual(1);

  const reader = await newPage();
  await signIn(reader, member.token, '/dashboard');
  const badge = newslettersButton(reader, unread);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(String(unread));
  await badge.click();
  const popup = reader.getByRole('dialog', { name: 'Yeniliklər' });
  await expect(popup).toBeVisible();
  const item = popup.getByRole('button').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(popup.getByRole('button').first()).toContainText(title); // the newest first
  const date = ddMMyyyy(published?.created_at as string);
  expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(item.locator('time')).toHaveText(date);
  await expect(item).toContainText('Vacib');
  await expect(item.getByRole('img', { name: 'Oxunmayıb', exact: true })).toBeVisible();

  // 3. Opening it: closes the popup, goes to its page, renders the Markdown safely, lowers the badge.
  await item.click();
  await expect(reader).toHaveURL(new RegExp(`/newsletters/${id}$`));
  await expect(popup).toBeHidden();
  const article = reader.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(article).toContainText(`Dərc olunub: ${date}`);
  await expectSafelyRendered(reader, article, bold);
  await expect(newslettersButton(reader, unread - 1)).toBeVisible();
  await expect.poll(() => api.unreadNewsletterCount(member.token)).toBe(unread - 1);
  // Reloaded, the page still says so (the server's count, not only the optimistic one).
  await reader.reload();
  await expect(newslettersButton(reader, unread - 1)).toBeVisible();

  // 4. A visitor (no token) reads the list and the page.
  const visitor = await newPage();
  await visitor.goto('/newsletters');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Yeniliklər', exact: true })).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('button', { name: /^Yeniliklər/ })).toHaveCount(0);
  const entry = visitor.getByRole('list', { name: 'Yeniliklər siyahısı' }).getByRole('listitem').filter({
    hasText: title,
  });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(entry.locator('time')).toHaveText(date);
  await expect(entry).toContainText('Vacib');
  await expect(entry.getByRole('img', { name: 'Oxunmayıb' })).toHaveCount(0); // no read state for visitors
  await entry.getByRole('link').click();
  await expect(visitor).toHaveURL(new RegExp(`/newsletters/${id}$`));
  const publicArticle = visitor.getByRole('article');
  await expect(publicArticle.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expectSafelyRendered(visitor, publicArticle, bold);
});

test("once a member has read everything the popup says 'Hal-hazırda yenilik yoxdur'", async ({ page, api, admin }) => {
  const member = await api.createUser('done');
  // Everything published so far is read; then one more arrives, the only unread one.
  await api.markAllNewslettersViewed(member.token);
  const title = `Həftənin filmi ${uniqueTag()}`;
  await api.createNewsletter(admin.token, { title, content: 'Bu həftə **klassika** izləyirik.', is_important: false });
  expect(await api.unreadNewsletterCount(member.token)).toBe(1);

  await signIn(page, member.token, '/dashboard');
  await newslettersButton(page, 1).click();
  const popup = page.getByRole('dialog', { name: 'Yeniliklər' });
  const item = popup.getByRole('button').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item).not.toContainText('Vacib');
  await item.click();
  await expect(page).toHaveURL(/\/newsletters\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

  // All read: no count on the icon, and the popup's empty text.
  const icon = newslettersButton(page, 0);
  await expect(icon).toBeVisible();
  await icon.click();
  await expect(popup.getByText('Hal-hazırda yenilik yoxdur', { exact: true })).toBeVisible();
  await expect(popup.getByRole('button').filter({ hasText: title })).toHaveCount(0);
  await popup.getByRole('link', { name: 'Bütün Yeniliklər', exact: true }).click();
  await expect(page).toHaveURL(/\/newsletters$/);
  await expect(popup).toBeHidden();
  expect(await api.unreadNewsletterCount(member.token)).toBe(0);
});

test('a title of one long word wraps inside the popup on a phone', async ({ page, api, admin }) => {
  const member = await api.createUser('longword');
  await api.markAllNewslettersViewed(member.token);
  const title = `Superkalifragilistik${'ekspialidoşes'.repeat(8)}${uniqueTag()}`;
  await api.createNewsletter(admin.token, { title, content: 'Uzun söz.', is_important: false });

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, member.token, '/dashboard');
  await newslettersButton(page, 1).click();
  const item = page.getByRole('dialog', { name: 'Yeniliklər' }).getByRole('button').filter({ hasText: title });
  await expect(item).toBeVisible();
  // The title's text stays inside its row (nothing clipped under the unread dot or past the edge).
  const fits = await item.evaluate((row) => {
    const text = row.querySelector('.MuiListItemText-primary') as HTMLElement;
    const box = row.getBoundingClientRect();
    const inner = text.getBoundingClientRect();
    return text.scrollWidth <= text.clientWidth && inner.right <= box.right && box.right <= window.innerWidth;
  });
  expect(fits).toBe(true);
});
