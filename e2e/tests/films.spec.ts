import type { Page } from '@playwright/test';
import type { ApiUser } from '../support/api';
import { expect, signIn, test } from '../support/fixtures';
import { solidPng } from '../support/png';
import { uniqueTag } from '../support/users';

/**
 * The shared catalogue (docs/catalogue.md): two friends add the same film from it and meet on its
 * page. The run's server loads the bundled catalogue on its first start, which has Titanic (1997).
 */
const FILM = { title: 'Titanic', year: 1997 };

/** Adds the catalogue's Titanic from the dashboard's dialog as watched with `rating`; answers the film's id. */
async function addFromCatalogue(page: Page, member: ApiUser, rating: number): Promise<string> {
  await signIn(page, member.token, '/dashboard');
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Film əlavə et' });
  await expect(dialog).toBeVisible();
  const searched = page.waitForResponse(
    (res) => res.url().includes('/api/films/search?') && res.url().includes(`q=${FILM.title}`) && res.ok(),
  );
  await dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }).fill(FILM.title);
  await searched; // debounced: the call typing settles on
  await dialog.getByRole('button', { name: `"${FILM.title} (${FILM.year})" filmini seç`, exact: true }).click();
  await expect(dialog.getByText('Seçilmiş film', { exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: 'İzlənilib', exact: true }).check();
  // MUI's rating hides its radios under the stars: the star's label takes the click.
  await dialog.locator(`label:has(+ input[value="${rating}"])`).click();
  await expect(dialog.getByRole('radio', { name: `${rating}/10`, exact: true })).toBeChecked();
  const created = page.waitForResponse((res) => res.url().endsWith('/api/movies') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Əlavə et', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`"${FILM.title}" kolleksiyanıza əlavə edildi`, { exact: true })).toBeVisible();

  // The collection's card leads to the film's page.
  const collection = page.getByRole('region', { name: 'Film kolleksiyanız' });
  await collection
    .getByRole('link', { name: new RegExp(FILM.title) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/film\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${FILM.title} (${FILM.year})` })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** A friend's row in the film page's friends section. */
const friendOnFilm = (page: Page, username: string) =>
  page
    .getByRole('region', { name: 'Bu filmi əlavə edən dostlarınız' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });

test('two friends add the same film from the catalogue, see each other’s ratings on its page, and an approved comment on one entry shows there', async ({
  page,
  api,
  admin,
  newPage,
}) => {
  test.setTimeout(120_000);
  const aysel = await api.createUser('fla');
  const orxan = await api.createUser('flb');
  await api.befriend(aysel, orxan);
  const commentText = `Sonu hər dəfə ağladır ${uniqueTag()}`;

  // 1. Both add the catalogue's film: one film, two entries.
  const filmId = await addFromCatalogue(page, aysel, 9);
  const other = await newPage();
  expect(await addFromCatalogue(other, orxan, 7)).toBe(filmId);

  // 2. Each sees the other's rating on the film's page, and their own set in place.
  await expect(friendOnFilm(other, aysel.username).getByRole('img', { name: 'Qiymət: 9/10' })).toBeVisible();
  await expect(friendOnFilm(other, aysel.username).getByRole('link', { name: aysel.username })).toHaveAttribute(
    'href',
    `/user/${aysel.id}`,
  );
  await expect(other.getByRole('radio', { name: '7/10' })).toBeChecked();
  await page.reload();
  await expect(friendOnFilm(page, orxan.username).getByRole('img', { name: 'Qiymət: 7/10' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'İzlənilib', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'KinoDost üzvləri' })).toContainText('Orta qiymət:');

  // 3. Aysel comments on her own entry's page; it waits for moderation.
  await page.getByRole('link', { name: 'Kolleksiyadakı qeydim', exact: true }).click();
  await expect(page).toHaveURL(/\/movie\/[0-9a-f-]{36}$/);
  const movieId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByRole('link', { name: 'Filmin səhifəsi', exact: true })).toHaveAttribute(
    'href',
    `/film/${filmId}`,
  );
  await page.getByRole('textbox', { name: 'Şərhiniz' }).fill(commentText);
  await page.getByRole('button', { name: 'Göndər', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Şərhiniz göndərildi.' })).toBeVisible();
  const visitor = await newPage();
  await visitor.goto(`/film/${filmId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `${FILM.title} (${FILM.year})` })).toBeVisible();
  await expect(visitor.getByText(commentText)).toHaveCount(0);

  // 4. An admin approves it: it shows on the film's page, to the friend and to a visitor.
  const pending = (await api.movieComments(movieId, aysel.token)).find((c) => c.text === commentText);
  if (!pending) throw new Error('the comment is not on the entry');
  expect(pending.status).toBe('pending');
  await api.approveComment(admin.token, pending.id);

  await other.reload();
  const published = other.getByRole('article', { name: aysel.username, exact: true }).filter({ hasText: commentText });
  await expect(published).toBeVisible();
  await expect(published).not.toContainText('Təsdiq gözləyir');
  await visitor.reload();
  await expect(visitor.getByRole('article', { name: aysel.username, exact: true })).toContainText(commentText);
  expect((await api.filmComments(filmId)).map((c) => c.text)).toContain(commentText);
});

test('the maker of a member film uploads its poster on the film page; it shows at once, and a friend sees no upload', async ({
  page,
  api,
  newPage,
}) => {
  const maker = await api.createUser('fpa');
  const friend = await api.createUser('fpb');
  const title = `Bizim həyət ${uniqueTag()}`;
  const entry = await api.createMovie(maker.token, { title, year: 2024, status: 'watched' });
  await api.createMovie(friend.token, { title, year: 2024, status: 'watchlist' });

  await signIn(page, maker.token, `/film/${entry.film_id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (2024)` })).toBeVisible();
  await expect(page.getByTestId('poster-placeholder')).toBeVisible();
  const uploaded = page.waitForResponse(
    (res) => res.url().endsWith(`/api/films/${entry.film_id}/poster`) && res.status() === 200,
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: solidPng(120, [33, 150, 243]) });
  await uploaded;
  await expect(page.getByText('Poster yeniləndi', { exact: true })).toBeVisible();
  const poster = page.getByRole('img', { name: `"${title}" filminin posteri` });
  await expect(poster).toHaveAttribute('src', /^\/uploads\/posters\/[0-9a-f-]{36}\.webp$/);
  // The CSP lets it load: it decodes as an image, and the button now offers a change.
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Posteri dəyiş', { exact: true })).toBeVisible();

  // The friend's entry shows the same poster; the friend may not upload one.
  const other = await newPage();
  await signIn(other, friend.token, `/film/${entry.film_id}`);
  await expect(other.getByRole('img', { name: `"${title}" filminin posteri` })).toHaveAttribute(
    'src',
    (await poster.getAttribute('src')) as string,
  );
  await expect(other.getByText('Poster yüklə', { exact: true })).toHaveCount(0);
  await expect(other.locator('input[type="file"]')).toHaveCount(0);
});
