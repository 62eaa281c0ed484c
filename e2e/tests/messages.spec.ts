import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiUser } from '../support/api';
import { expect, signIn, test } from '../support/fixtures';

/** The header's messages icon; its accessible name carries the unread count. */
const messagesButton = (page: Page, count: number) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: count > 0 ? `Mesajlar: ${count} oxunmamış` : 'Mesajlar', exact: true });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function befriend(request: APIRequestContext, a: ApiUser, b: ApiUser) {
  const sent = await request.post(`/api/friends/request/${b.id}`, { headers: bearer(a.token), data: {} });
  expect(sent.status()).toBe(201);
  const { requestId } = (await sent.json()) as { requestId: string };
  expect((await request.put(`/api/friends/accept/${requestId}`, { headers: bearer(b.token), data: {} })).status()).toBe(
    200,
  );
}

test('one friend recommends a film; the other sees the badge, opens the thread and adds the film to the watchlist', async ({
  page,
  api,
  request,
  newPage,
}) => {
  test.setTimeout(90_000);
  const alice = await api.createUser('ali');
  const bob = await api.createUser('bob');
  await befriend(request, alice, bob);
  const film = await api.catalogueFilm('Titanic', 1997);

  // Bob is in the app, his socket up, before anything is sent.
  const bobPage = await newPage();
  await signIn(bobPage, bob.token, '/dashboard');
  await expect(messagesButton(bobPage, 0)).toBeVisible();
  await expect(
    bobPage.getByRole('banner').getByRole('button', { name: 'Hesab menyusu' }).locator('[data-online]').first(),
  ).toHaveAttribute('data-online', 'true');

  // Alice recommends the film to Bob from its page, with a note.
  await signIn(page, alice.token, `/film/${film.id}`);
  await page.getByRole('button', { name: 'Dosta tövsiyə et', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '"Titanic" filmini tövsiyə et' });
  await dialog.getByRole('checkbox', { name: bob.username, exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Qeyd (istəyə bağlı)' }).fill('Mütləq bax: https://kinodost.az');
  await dialog.getByRole('button', { name: 'Tövsiyə et', exact: true }).click();
  await expect(page.getByText('Tövsiyə göndərildi', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Bob, without a reload: the live message brings the badge.
  const badge = messagesButton(bobPage, 1);
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(bobPage).toHaveURL(/\/messages$/);
  const conversation = bobPage.getByTestId('conversation').filter({ hasText: alice.username });
  await expect(conversation).toContainText('Mütləq bax');
  await conversation.click();
  await expect(bobPage).toHaveURL(new RegExp(`/messages/${alice.id}$`));

  // The thread shows the note (its address a link) and the film card; reading clears the badge.
  const message = bobPage.getByTestId('message').filter({ hasText: 'Mütləq bax' });
  await expect(message.getByRole('link', { name: 'https://kinodost.az', exact: true })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(message.getByTestId('message-film')).toContainText('Titanic');
  await expect(messagesButton(bobPage, 0)).toBeVisible();

  // Alice's message gets its read tick live.
  await page.goto(`/messages/${bob.id}`);
  await expect(page.getByTestId('message').getByTestId('read-tick')).toBeVisible();

  // Bob adds the film to his watchlist from the card.
  await message.getByRole('button', { name: 'İzləmə siyahısına əlavə et', exact: true }).click();
  await expect(bobPage.getByText('"Titanic" izləmə siyahınıza əlavə edildi', { exact: true })).toBeVisible();
  const mine = await request.get('/api/movies?status=watchlist', { headers: bearer(bob.token) });
  const titles = ((await mine.json()) as { data: { title: string }[] }).data.map((m) => m.title);
  expect(titles).toContain('Titanic');

  // Bob answers from the composer; Alice sees it arrive in her open thread.
  const composer = bobPage.getByRole('textbox', { name: 'Mesaj' });
  await composer.fill('Sağ ol, baxacam!');
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Sağ ol, baxacam!' })).toBeVisible();
});
