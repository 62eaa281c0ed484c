import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ApiUser } from '../support/api';
import { expect, signIn, test } from '../support/fixtures';

const GREEN = 'rgb(46, 125, 50)'; // success.main: online, pulsing
const RED = 'rgb(211, 47, 47)'; // error.main: offline

/** Makes `a` and `b` friends through the API: a sends, b accepts. */
async function befriend(request: APIRequestContext, a: ApiUser, b: ApiUser): Promise<void> {
  const sent = await request.post(`/api/friends/request/${b.id}`, {
    headers: { Authorization: `Bearer ${a.token}` },
    data: {},
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const incoming = await request.get('/api/friends/requests/incoming', {
    headers: { Authorization: `Bearer ${b.token}` },
  });
  const { data } = (await incoming.json()) as { data: { id: string; sender: { id: string } }[] };
  const requestId = data.find((entry) => entry.sender.id === a.id)?.id;
  expect(requestId).toBeTruthy();
  const accepted = await request.put(`/api/friends/accept/${requestId}`, {
    headers: { Authorization: `Bearer ${b.token}` },
    data: {},
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** A person's row in the friends tab of /friends. */
const friendRow = (page: Page, username: string) =>
  page.getByRole('tabpanel').getByTestId('friend-row').filter({ hasText: username });

/** The presence dot of a status avatar (docs/product.md#presence). */
const dot = (scope: Locator) => scope.locator('[data-online]').first();
const dotColour = (scope: Locator) =>
  scope
    .locator('.MuiBadge-badge')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('two friends: one sees the other come online (green) and leave (red, last seen just now)', async ({
  page,
  api,
  request,
  newPage,
}) => {
  test.setTimeout(60_000);
  const ayan = await api.createUser('pra');
  const bahar = await api.createUser('prb');
  await befriend(request, ayan, bahar);

  // Ayan watches the friends list; her own socket is connected.
  await signIn(page, ayan.token, '/friends');
  const row = friendRow(page, bahar.username);
  await expect(row).toHaveCount(1);
  await expect(dot(row)).toHaveAttribute('data-online', 'false');
  expect(await dotColour(row)).toBe(RED);
  await expect(row.getByTestId('presence-text')).toContainText('Son dəfə onlayn:');
  const header = page.getByRole('banner');
  await expect(dot(header.getByRole('button', { name: 'Hesab menyusu' }))).toHaveAttribute('data-online', 'true');
  await header.getByRole('button', { name: 'Hesab menyusu' }).click();
  await expect(page.getByRole('menu').getByText('İndi onlayn', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Bahar opens the app in another browser: her dot turns green on Ayan's screen without a reload.
  const baharPage = await newPage();
  // Her socket is a WebSocket from the start (no long-polling, so no upgrade to wait for).
  const transports: string[] = [];
  const transportOf = (url: string) => `${new URL(url).searchParams.get('transport')}`;
  baharPage.on(
    'request',
    (request) => request.url().includes('/socket.io/') && transports.push(transportOf(request.url())),
  );
  baharPage.on('websocket', (ws) => transports.push(transportOf(ws.url())));
  await signIn(baharPage, bahar.token, '/dashboard');
  await expect(dot(row)).toHaveAttribute('data-online', 'true');
  expect(await dotColour(row)).toBe(GREEN);
  await expect(row.getByTestId('presence-text')).toHaveText('İndi onlayn');

  expect(transports).toEqual(['websocket']);

  // Bahar closes her page at once: red again, seen just now.
  await baharPage.close();
  await expect(dot(row)).toHaveAttribute('data-online', 'false');
  expect(await dotColour(row)).toBe(RED);
  await expect(row.getByTestId('last-seen')).toHaveText('Az öncə');

  // Her public profile says the same to a member.
  await page.goto(`/user/${bahar.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bahar.username, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByTestId('last-seen')).toHaveText('Az öncə');
});
