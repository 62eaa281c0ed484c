import { expect, signIn, test } from '../support/fixtures';

/**
 * Privacy and blocking (docs/social.md): a member hides their collection from everyone but
 * friends, then blocks a friend, who then finds the collection hidden and cannot ask again.
 */
test('friends-only collection, then a block: the blocked friend sees it hidden and cannot send a request', async ({
  page,
  api,
  newPage,
  request,
}) => {
  test.setTimeout(180_000);
  // Pages here wait on several reads in turn; a loaded machine takes longer than the default.
  const slow = { timeout: 30_000 };
  const leyla = await api.createUser('ley');
  const kamran = await api.createUser('kam');
  const stranger = await api.createUser('str');
  await api.befriend(leyla, kamran);
  const title = `Gizli kino ${Date.now().toString(36)}`;
  await api.createMovie(leyla.token, { title, status: 'watched' });

  // Leyla chooses "Yalnız dostlar" on her profile form.
  await signIn(page, leyla.token, '/profile');
  const group = page.getByRole('radiogroup', { name: 'Kolleksiyamı kimlər görə bilər' });
  await expect(group.getByRole('radio', { name: /^Hamı/ })).toBeChecked();
  await expect(group).toContainText('Filmlərinizi və onlayn olduğunuzu yalnız dostlarınız görür.');
  await group.getByRole('radio', { name: /^Yalnız dostlar/ }).check();
  await page.getByRole('button', { name: 'Yadda saxla', exact: true }).click();
  await expect(page.getByText('Profil məlumatları yeniləndi', { exact: true })).toBeVisible();

  // A stranger finds the collection hidden; her friend Kamran sees it.
  const strangerPage = await newPage();
  await signIn(strangerPage, stranger.token, `/user/${leyla.id}`);
  await expect(strangerPage.getByText('Bu istifadəçi kolleksiyasını gizlədib.', { exact: true })).toBeVisible(slow);
  await expect(strangerPage.getByRole('heading', { name: title })).toHaveCount(0);
  const kamranPage = await newPage();
  await signIn(kamranPage, kamran.token, `/user/${leyla.id}`);
  await expect(kamranPage.getByRole('heading', { name: title })).toBeVisible(slow);

  // Leyla blocks Kamran from his profile, after the confirmation.
  await page.goto(`/user/${kamran.id}`);
  await page.getByRole('button', { name: 'Blokla', exact: true }).click(slow);
  const dialog = page.getByRole('dialog', { name: `${kamran.username} bloklansın?` });
  await dialog.getByRole('button', { name: 'Blokla', exact: true }).click();
  await expect(page.getByText('Bu istifadəçini bloklamısınız.', { exact: true })).toBeVisible(slow);
  // His collection is hidden from her too, and the page says it is her block, not his choice.
  await expect(page.getByTestId('collection-hidden')).toHaveText(
    'Blokladığınız istifadəçinin kolleksiyası göstərilmir.',
  );

  // Kamran: no longer a friend, the collection hidden, and a friend request is refused.
  await kamranPage.reload();
  await expect(kamranPage.getByText('Bu istifadəçi kolleksiyasını gizlədib.', { exact: true })).toBeVisible(slow);
  expect(await api.friendNames(kamran.token)).toEqual([]);
  const again = await request.post(`/api/friends/request/${leyla.id}`, {
    headers: { Authorization: `Bearer ${kamran.token}` },
  });
  expect(again.status()).toBe(404);

  // Leyla's profile page lists the block and lifts it.
  await page.goto('/profile');
  const blocks = page.getByRole('list', { name: 'Bloklanmış istifadəçilər' });
  await expect(blocks.getByRole('link', { name: kamran.username, exact: true })).toBeVisible(slow);
  await blocks.getByRole('button', { name: `Blokdan çıxar: ${kamran.username}`, exact: true }).click();
  await expect(page.getByText('Heç kimi bloklamamısınız.', { exact: true })).toBeVisible(slow);
});
