import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { expect, signIn, test } from '../support/fixtures';

const fixtures = path.join(import.meta.dirname, '../../server/src/features/imports/fixtures/letterboxd');
const letterboxdZip = () =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        ['watched.csv', 'diary.csv', 'ratings.csv', 'watchlist.csv', 'reviews.csv', 'profile.csv'].map((n) => [
          n,
          new Uint8Array(readFileSync(path.join(fixtures, n))),
        ]),
      ),
    ),
  );

test('a member imports a Letterboxd zip, watches it finish, and finds the films and the summary', async ({
  page,
  api,
}) => {
  const member = await api.createUser('idxal');
  await signIn(page, member.token, '/profile');
  await expect(page.getByRole('heading', { name: 'İdxal et' })).toBeVisible();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'letterboxd-idxal.zip', mimeType: 'application/zip', buffer: letterboxdZip() });
  await expect(page.getByText(/İdxal bitdi: 7 film əlavə edildi/)).toBeVisible({ timeout: 30_000 });
  const unmatched = page.getByRole('list', { name: 'Kataloqda tapılmayan filmlər' });
  await expect(unmatched.getByRole('button', { name: 'Ölü dənizin sirri' })).toBeVisible();
  await unmatched.getByRole('button', { name: 'Kataloqda olmayan film (2020)' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog').getByRole('searchbox', { name: 'Kataloqda axtar' })).toHaveValue(
    'Kataloqda olmayan film',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByText('千と千尋の神隠し').first()).toBeVisible();
  await expect(page.getByText('Bir "Sakit" Gecə').first()).toBeVisible();
});
