import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/** Whether `locator`'s box lies inside the 390 px wide page, so it is seen without scrolling sideways. */
const withinWidth = async (locator: import('@playwright/test').Locator) => {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= 390;
};

test('at 390 px the admin users page shows each user as a card with its switch, edit and delete in view', async ({
  page,
  api,
  admin,
}) => {
  const member = await api.createUser('card');
  await signIn(page, admin.token, '/admin/users');
  await page.getByRole('searchbox', { name: 'Axtarış' }).fill(member.username);
  const card = page
    .getByRole('list', { name: 'İstifadəçilər cədvəli' })
    .getByRole('article', { name: member.username });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card).toContainText(member.email);
  const controls = [
    card.getByRole('switch', { name: `${member.username} üçün admin hüququ` }),
    card.getByRole('button', { name: `${member.username} istifadəçisini redaktə et` }),
    card.getByRole('button', { name: `${member.username} istifadəçisini sil` }),
  ];
  for (const control of controls) expect(await withinWidth(control)).toBe(true);
  // Nothing on the page is wider than the phone, and the header's title is whole, not cut short.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const title = page.getByRole('banner').getByRole('heading', { name: 'İstifadəçi İdarəetmə' });
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await controls[1]?.click();
  await expect(page.getByRole('dialog', { name: 'İstifadəçini redaktə et' })).toBeVisible();
});

test('at 390 px the admin comments page shows each comment as a card with approve, reject and delete in view', async ({
  page,
  api,
  admin,
}) => {
  const member = await api.createUser('ccard');
  const movie = await api.createMovie(member.token, { title: `Kart filmi ${uniqueTag()}` });
  const text = `Kart şərhi ${uniqueTag()}`;
  const posted = await page.request.post(`/api/movies/${movie.id}/comments`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { text },
  });
  expect(posted.status()).toBe(201);

  await signIn(page, admin.token, '/admin/comments');
  const card = page.getByRole('list', { name: 'Şərhlər cədvəli' }).getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card.getByRole('link', { name: movie.title })).toBeVisible();
  const controls = [
    card.getByRole('button', { name: `${member.username} şərhini təsdiqlə` }),
    card.getByRole('button', { name: `${member.username} şərhini rədd et` }),
    card.getByRole('button', { name: `${member.username} şərhini sil` }),
  ];
  for (const control of controls) expect(await withinWidth(control)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await controls[0]?.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Şərh təsdiqləndi' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
