import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

test('on a 390 px phone the bottom bar plus goes to /dashboard and opens the add-movie dialog 300 ms later', async ({
  page,
  api,
}) => {
  const user = await api.createUser('plus');
  await signIn(page, user.token, '/profile');
  await expect(page.getByRole('heading', { name: 'Profilim' })).toBeVisible();

  // Timestamps taken inside the page: the click, and the first moment the dialog's title exists.
  await page.evaluate(() => {
    const marks = { clickedAt: 0, openedAt: 0 };
    (window as unknown as { __addMovieMarks: typeof marks }).__addMovieMarks = marks;
    document.addEventListener('click', () => (marks.clickedAt ||= performance.now()), { capture: true });
    const seen = () =>
      [...document.querySelectorAll('[role="dialog"] h2')].some((h) => h.textContent === 'Film əlavə et');
    new MutationObserver(() => {
      if (!marks.openedAt && seen()) marks.openedAt = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });

  const bar = page.getByRole('navigation', { name: 'Mobil naviqasiya' });
  await bar.getByRole('button', { name: 'Film əlavə et', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const form = page.getByRole('dialog', { name: 'Film əlavə et' });
  await expect(form).toBeVisible();
  const { clickedAt, openedAt } = await page.evaluate(
    () => (window as unknown as { __addMovieMarks: { clickedAt: number; openedAt: number } }).__addMovieMarks,
  );
  expect(clickedAt).toBeGreaterThan(0);
  // docs/product.md#mobile-bottom-bar: the add-movie action starts 300 ms after navigating to the dashboard.
  expect(openedAt - clickedAt).toBeGreaterThanOrEqual(300);

  // The dialog works on the phone: the movie lands in the collection.
  const title = `Gecə qatarı ${uniqueTag()}`;
  await form.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim', exact: true }).click();
  await form.getByRole('textbox', { name: 'Filmin adı' }).fill(title);
  await form.getByRole('button', { name: 'Əlavə et', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`"${title}" kolleksiyanıza əlavə edildi`, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Film kolleksiyanız' }).getByRole('heading', { name: title, exact: true }),
  ).toBeVisible();
});

test('on a phone a visitor reads a film page’s sign-in notes with "Daxil ol" on one line beside them', async ({
  page,
  api,
}) => {
  const film = await api.catalogueFilm('The Godfather', 1972);
  await page.goto(`/film/${film.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /The Godfather/ })).toBeVisible();
  for (const note of [
    'Filmi kolleksiyanıza əlavə etmək və qiymət vermək üçün hesabınıza daxil olun.',
    'Şərh yazmaq üçün hesabınıza daxil olun.',
  ]) {
    const alert = page.getByRole('alert').filter({ hasText: note });
    const signIn = alert.getByRole('link', { name: 'Daxil ol', exact: true });
    await expect(signIn).toHaveAttribute('href', '/login');
    // One line: as tall as a one-line button of its size (30.75 px), not two lines of text.
    const box = await signIn.boundingBox();
    expect(box?.height).toBeLessThan(40);
  }
});
