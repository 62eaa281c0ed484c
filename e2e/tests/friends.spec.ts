import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/** The header's notifications icon; its accessible name carries the count (docs/product.md#notifications-popup). */
const notificationsButton = (page: Page, count: number) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: count > 0 ? `Bildirişlər: ${count} yeni` : 'Bildirişlər', exact: true });

/** The friends tab's list on /friends. */
const friendsPanel = (page: Page) => page.getByRole('tabpanel');

test('two members: one sends a request from a profile, the other sees badge and popup, accepts, both list each other', async ({
  page,
  api,
  newPage,
}) => {
  test.setTimeout(90_000);
  const alice = await api.createUser('ali');
  const bob = await api.createUser('bob');

  // Bob is already in the app when the request is sent.
  const bobPage = await newPage();
  await signIn(bobPage, bob.token, '/dashboard');
  await expect(notificationsButton(bobPage, 0)).toBeVisible();
  // His socket is up (the header avatar's dot turns green), so the request can reach him live.
  await expect(
    bobPage.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' }).locator('[data-online]').first(),
  ).toHaveAttribute('data-online', 'true');

  // Alice opens Bob's public profile and sends a friend request with the button.
  await signIn(page, alice.token, `/user/${bob.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bob.username, exact: true })).toBeVisible();
  const friendship = page.getByRole('region', { name: 'Dostluq' });
  await friendship
    .getByRole('button', { name: `${bob.username} istifadəçisinə dostluq istəyi göndər`, exact: true })
    .click();
  await expect(page.getByText('Dostluq istəyi göndərildi', { exact: true })).toBeVisible();
  await expect(
    friendship.getByRole('button', { name: `${bob.username} istifadəçisinə göndərilən istəyi ləğv et`, exact: true }),
  ).toBeVisible();

  // Bob, without a reload: the live 'friend:request' event brings a toast and the new count.
  await expect(
    bobPage.getByRole('alert').filter({ hasText: `${alice.username} sizə dostluq istəyi göndərib` }),
  ).toBeVisible();
  const badge = notificationsButton(bobPage, 1);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('1');
  await badge.click();
  const popup = bobPage.getByRole('dialog', { name: 'Bildirişlər' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Dostluq İstəkləri (1)', exact: true })).toBeVisible();
  const sender = popup.getByRole('listitem').filter({ has: bobPage.getByRole('link', { name: alice.username }) });
  await expect(sender).toHaveCount(1);
  await expect(sender.getByRole('link', { name: alice.username, exact: true })).toHaveAttribute(
    'href',
    `/user/${alice.id}`,
  );
  await expect(sender).toContainText('sizə dostluq istəyi göndərib');
  // No avatar uploaded: the first letter of the name stands in.
  await expect(sender).toContainText(alice.username.charAt(0).toLocaleUpperCase('az'));
  await expect(popup.getByRole('link', { name: 'Bütün İstəkləri Göstər', exact: true })).toHaveAttribute(
    'href',
    '/friends',
  );

  // Bob accepts in the popup.
  await sender.getByRole('button', { name: `Qəbul et: ${alice.username}`, exact: true }).click();
  await expect(bobPage.getByText('Dostluq istəyi qəbul edildi', { exact: true })).toBeVisible();
  await expect(popup.getByText('Heç bir yeni bildiriş yoxdur', { exact: true })).toBeVisible();

  // Both friends lists show the other; Bob gets there by the popup's own link. (Not by Escape: the
  // accepted row takes the focused button with it, and until MUI's focus trap pulls focus back into
  // the popover, about 50 ms later, an Escape lands on <body> and does not close it.)
  await popup.getByRole('link', { name: 'Bütün İstəkləri Göstər', exact: true }).click();
  await expect(bobPage).toHaveURL(/\/friends$/);
  await expect(popup).toBeHidden();
  await expect(notificationsButton(bobPage, 0)).toBeVisible(); // (hidden from the a11y tree while the popup is open)
  await expect(bobPage.getByRole('tab', { name: 'Dostlar (1)', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(friendsPanel(bobPage).getByRole('link', { name: alice.username, exact: true })).toHaveAttribute(
    'href',
    `/user/${alice.id}`,
  );

  await page.goto('/friends');
  await expect(page.getByRole('tab', { name: 'Dostlar (1)', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(friendsPanel(page).getByRole('link', { name: bob.username, exact: true })).toHaveAttribute(
    'href',
    `/user/${bob.id}`,
  );
  await expect(page.getByRole('tab', { name: 'Göndərilən istəklər (0)', exact: true })).toBeVisible();

  // And Bob's profile now offers Alice the removal instead of a request.
  await page.goto(`/user/${bob.id}`);
  await expect(
    page.getByRole('region', { name: 'Dostluq' }).getByRole('button', {
      name: `${bob.username} istifadəçisini dostlardan çıxar`,
      exact: true,
    }),
  ).toBeVisible();
  expect(await api.friendNames(alice.token)).toEqual([bob.username]);
  expect(await api.friendNames(bob.token)).toEqual([alice.username]);
});

test('a member without requests gets the empty notifications popup', async ({ page, api }) => {
  const user = await api.createUser('lonely');
  await signIn(page, user.token, '/dashboard');
  const button = notificationsButton(page, 0);
  await expect(button).toBeVisible();
  await button.click();
  const popup = page.getByRole('dialog', { name: 'Bildirişlər' });
  await expect(popup.getByText('Heç bir yeni bildiriş yoxdur', { exact: true })).toBeVisible();
  await expect(popup.getByRole('heading', { name: /^Dostluq İstəkləri/ })).toHaveCount(0);
  await popup.getByRole('link', { name: 'Bütün İstəkləri Göstər', exact: true }).click();
  await expect(page).toHaveURL(/\/friends$/);
  await expect(popup).toBeHidden();
});
