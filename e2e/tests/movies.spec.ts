import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/** A comment as the movie page lists it: an article named after its author. */
const commentBy = (page: Page, username: string) => page.getByRole('article', { name: username, exact: true });

test('a member adds an Azerbaijani title, finds it without diacritics; a visitor sees the comment once the admin approves it', async ({
  page,
  api,
  admin,
  newPage,
}) => {
  test.setTimeout(90_000);
  const owner = await api.createUser('own');
  const commenter = await api.createUser('cmt');
  const tag = uniqueTag();
  const title = `Səhər küləyi ${tag}`;
  const commentText = `Çox gözəl film idi, hamıya tövsiyə edirəm! ${tag}`;

  // 1. The owner adds the movie from the dashboard's add dialog.
  await signIn(page, owner.token, '/dashboard');
  // The collection header's button (an empty collection shows a second one below).
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Film əlavə et' });
  await expect(form).toBeVisible();
  // Adding starts with the catalogue (docs/catalogue.md); this title is not in it, so the full form.
  await form.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim', exact: true }).click();
  await form.getByRole('textbox', { name: 'Filmin adı' }).fill(title);
  await form.getByRole('button', { name: 'Əlavə et', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`"${title}" kolleksiyanıza əlavə edildi`, { exact: true })).toBeVisible();
  const collection = page.getByRole('region', { name: 'Film kolleksiyanız' });
  await expect(collection.getByRole('heading', { name: title, exact: true })).toBeVisible();

  // 2. A query without diacritics finds it, with the matched words highlighted.
  const query = 'seher kuleyi';
  const searched = page.waitForResponse(
    (res) => res.url().includes(`/api/movies/search/${encodeURIComponent(query)}`) && res.ok(),
  );
  await page.getByRole('searchbox', { name: 'Film axtar' }).fill(query);
  await searched; // debounced: wait for the call it settles on
  await expect(
    page.getByRole('heading', { name: `Bütün kolleksiyalarda "${query}" üzrə nəticələr`, exact: true }),
  ).toBeVisible();
  // In the results (the friends' activity column names the same film).
  const results = page.getByRole('region', { name: `Bütün kolleksiyalarda "${query}" üzrə nəticələr` });
  const hit = results.getByRole('link', { name: title, exact: true });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(['Səhər', 'küləyi']);

  // 3. Its page.
  await hit.click();
  await expect(page).toHaveURL(/\/movie\/[0-9a-f-]{36}$/);
  const movieId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

  // 4. A visitor (no token) opens the same page: the movie and its owner, no comments, no comment box.
  const visitor = await newPage();
  await visitor.goto(`/movie/${movieId}`);
  expect(await visitor.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(visitor.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: owner.username, exact: true })).toHaveAttribute(
    'href',
    `/user/${owner.id}`,
  );
  await expect(visitor.getByText('Hələ şərh yoxdur.', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Şərh yazmaq üçün hesabınıza daxil olun.', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Şərhiniz' })).toHaveCount(0);

  // 5. Another member comments: told it awaits moderation, and sees it marked pending (also after a reload).
  const member = await newPage();
  await signIn(member, commenter.token, `/movie/${movieId}`);
  await member.getByRole('textbox', { name: 'Şərhiniz' }).fill(commentText);
  await member.getByRole('button', { name: 'Göndər', exact: true }).click();
  await expect(member.getByRole('status').filter({ hasText: 'Şərhiniz göndərildi.' })).toHaveText(
    'Şərhiniz göndərildi. Moderator təsdiqlədikdən sonra hamıya görünəcək.',
  );
  const own = commentBy(member, commenter.username);
  await expect(own).toContainText(commentText);
  await expect(own).toContainText('Təsdiq gözləyir');
  await expect(own).toContainText('Bu şərhi yalnız siz görürsünüz');
  await member.reload();
  await expect(own).toContainText(commentText);
  await expect(own).toContainText('Təsdiq gözləyir');

  // Still hidden from everybody else.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(visitor.getByText('Hələ şərh yoxdur.', { exact: true })).toBeVisible();
  await expect(commentBy(visitor, commenter.username)).toHaveCount(0);

  // 6. The admin approves it on /admin/comments.
  const moderator = await newPage();
  await signIn(moderator, admin.token, '/admin/comments');
  await expect(moderator.getByRole('heading', { name: 'Şərh İdarəetmə' })).toBeVisible();
  const row = moderator
    .getByRole('table', { name: 'Şərhlər cədvəli' })
    .getByRole('row')
    .filter({ hasText: commentText });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/movie/${movieId}`);
  await expect(row.getByRole('link', { name: commenter.username, exact: true })).toBeVisible();
  await row.getByRole('button', { name: `${commenter.username} şərhini təsdiqlə`, exact: true }).click();
  await expect(moderator.getByText('Şərh təsdiqləndi', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0); // gone from the pending queue

  // 7. The visitor reloads and reads it, published.
  await visitor.reload();
  const published = commentBy(visitor, commenter.username);
  await expect(published).toContainText(commentText);
  await expect(published).not.toContainText('Təsdiq gözləyir');
  await expect(visitor.getByRole('heading', { name: 'Şərhlər (1)', exact: true })).toBeVisible();
  const publicComments = await api.movieComments(movieId);
  expect(publicComments.map(({ text, status }) => ({ text, status }))).toEqual([
    { text: commentText, status: 'approved' },
  ]);
});
