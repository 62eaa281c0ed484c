import { expect, signIn, test } from '../support/fixtures';

test('a form dialog with typed input asks before Escape, a click outside or cancel throws it away', async ({
  page,
  api,
}) => {
  const member = await api.createUser('dirty');
  await signIn(page, member.token, '/dashboard');
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Film əlavə et' });
  await form.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim', exact: true }).click();
  const title = form.getByRole('textbox', { name: 'Filmin adı' });
  await title.fill('Yarımçıq yazılmış ad');

  const ask = page.getByRole('dialog', { name: 'Yazdıqlarınız atılsın?' });
  const keep = ask.getByRole('button', { name: 'Yazmağa davam et' });

  // Escape asks; keeping writing leaves the text where it was.
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Formda yadda saxlanmamış dəyişikliklər var. Bağlasanız, onlar itəcək.');
  await expect(keep).toBeFocused();
  await keep.click();
  await expect(ask).toBeHidden();
  await expect(title).toHaveValue('Yarımçıq yazılmış ad');

  // A click outside the dialog (on its backdrop, beside the paper) asks too.
  await page.mouse.click(5, 5);
  await expect(ask).toBeVisible();
  await keep.click();
  await expect(form).toBeVisible();

  // So does cancel; "Bəli, at" closes and the next opening starts empty.
  await form.getByRole('button', { name: 'Ləğv et', exact: true }).click();
  await ask.getByRole('button', { name: 'Bəli, at' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  await expect(form.getByRole('searchbox', { name: 'Kataloqda axtar' })).toHaveValue('');

  // Untouched, Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(ask).toHaveCount(0);
});
