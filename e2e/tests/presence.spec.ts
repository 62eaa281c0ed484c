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

/** The presence dot of a status avatar (SPEC.md section 3). */
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
  // socket.io connects by HTTP long-polling and then moves to a WebSocket. A page closed in the
  // few milliseconds of that move leaves neither a poll nor a WebSocket open, and the server then
  // notices only at its heartbeat timeout (25 + 20 s), as socket.io works; so Bahar's socket first
  // finishes the move (the client sends engine.io's upgrade packet, "5").
  const upgraded = new Promise<void>((resolve) => {
    baharPage.on('websocket', (ws) => ws.on('framesent', (frame) => frame.payload === '5' && resolve()));
  });
  await signIn(baharPage, bahar.token, '/dashboard');
  await expect(dot(row)).toHaveAttribute('data-online', 'true');
  expect(await dotColour(row)).toBe(GREEN);
  await expect(row.getByTestId('presence-text')).toHaveText('İndi onlayn');

  // Bahar closes her page: red again, seen just now.
  await upgraded;
  await baharPage.close();
  await expect(dot(row)).toHaveAttribute('data-online', 'false');
  expect(await dotColour(row)).toBe(RED);
  await expect(row.getByTestId('last-seen')).toHaveText('Az öncə');

  // Her public profile says the same to a member.
  await page.goto(`/user/${bahar.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bahar.username, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByTestId('last-seen')).toHaveText('Az öncə');
});
