import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/**
 * Friends' activity and notifications (docs/feed.md): what one friend does reaches the other's
 * dashboard without a reload, and a comment's approval reaches its author's header live.
 */
const FILM = { title: 'Titanic', year: 1997 };

test('one friend rates a film and the other sees it in the feed without a reload; an approval notifies the comment’s author live', async ({
  page,
  api,
  admin,
  request,
  newPage,
}) => {
  test.setTimeout(120_000);
  const aysel = await api.createUser('fda');
  const orxan = await api.createUser('fdb');
  await api.befriend(aysel, orxan);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  // Orxan's dashboard: the feed beside his collection, with the new friendship in it.
  await signIn(page, orxan.token, '/dashboard');
  const feed = page.getByRole('region', { name: 'Dostların fəaliyyəti' });
  await expect(feed).toBeVisible();
  await expect(feed.getByTestId('feed-item').first()).toContainText('dost oldu');

  // Aysel rates Titanic (from another device): it arrives on Orxan's screen without a reload.
  const found = await api.catalogueFilm(FILM.title, FILM.year);
  const added = await request.post('/api/movies', {
    headers: auth(aysel.token),
    data: { film_id: found.id, status: 'watched', rating: 8 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const item = feed.getByTestId('feed-item').first();
  await expect(item).toContainText(`${aysel.username} izlədi`);
  await expect(item.getByRole('link', { name: `${FILM.title} (${FILM.year})` })).toHaveAttribute(
    'href',
    `/film/${found.id}`,
  );
  await expect(item.getByRole('img', { name: 'Qiymət: 8/10' })).toBeVisible();
  await expect(item).toContainText('Az öncə');

  // Aysel comments on the film; an admin approves it while her dashboard is open.
  const ayselPage = await newPage();
  await signIn(ayselPage, aysel.token, '/dashboard');
  const bell = ayselPage.getByRole('banner').getByRole('button', { name: /^Bildirişlər/ });
  // Orxan's acceptance of her request is her one unread notification so far.
  await expect(bell).toHaveAccessibleName('Bildirişlər: 1 yeni');
  const text = `Hər dəfə ağladır ${uniqueTag()}`;
  const posted = await request.post(`/api/films/${found.id}/comments`, { headers: auth(aysel.token), data: { text } });
  expect(posted.status(), await posted.text()).toBe(201);
  await api.approveComment(admin.token, ((await posted.json()) as { id: string }).id);
  await expect(bell).toHaveAccessibleName('Bildirişlər: 2 yeni');
  await bell.click();
  const popup = ayselPage.getByRole('dialog', { name: 'Bildirişlər' });
  const others = popup.getByRole('region', { name: 'Digər bildirişlər' });
  await expect(others.getByTestId('notification-item').first()).toContainText(
    `"${FILM.title}" filminə yazdığınız şərh təsdiqləndi`,
  );
  await others.getByRole('button', { name: 'Hamısını oxunmuş et' }).click();
  await expect(others.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true');
  await ayselPage.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Bildirişlər');

  // And Orxan's feed has her comment, also live.
  await expect(feed.getByTestId('feed-item').first()).toContainText(`${aysel.username} şərh yazdı`);
  await expect(feed.getByTestId('feed-item').first()).toContainText(text);
});

test('a friend’s new item that arrives while the feed is still loading is not lost to that older answer', async ({
  page,
  api,
  request,
}) => {
  const aysel = await api.createUser('fdc');
  const orxan = await api.createUser('fdd');
  await api.befriend(aysel, orxan);

  // Orxan's first feed answer is read at once (his friendship only) and handed over only later.
  let handOver = () => {};
  const handedOver = new Promise<void>((resolve) => {
    handOver = resolve;
  });
  let feedRequests = 0;
  await page.route('**/api/feed?*', async (route) => {
    feedRequests += 1;
    if (feedRequests > 1) return route.continue();
    const older = await route.fetch();
    await handedOver;
    // Answered, or dropped by a page that no longer waits for it.
    await route.fulfill({ response: older }).catch(() => {});
  });
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
  await signIn(page, orxan.token, '/dashboard');
  // socket.io's connect packet: the page's socket is in Orxan's room.
  await expect.poll(() => frames.some((f) => f.startsWith('40'))).toBe(true);

  const found = await api.catalogueFilm(FILM.title, FILM.year);
  const added = await request.post('/api/movies', {
    headers: { Authorization: `Bearer ${aysel.token}` },
    data: { film_id: found.id, status: 'watched', rating: 7 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await expect.poll(() => frames.some((f) => f.includes('"feed:new"'))).toBe(true);
  handOver();

  const feed = page.getByRole('region', { name: 'Dostların fəaliyyəti' });
  await expect(feed.getByTestId('feed-item').first()).toContainText(`${aysel.username} izlədi`);
  await expect(feed.getByTestId('feed-item').nth(1)).toContainText('dost oldu');
});
