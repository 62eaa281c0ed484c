import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/** The admins' catalogue page (docs/catalogue.md "Admin: edit and merge"). */
const table = (page: Page) => page.getByRole('table', { name: 'Filmlər cədvəli' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

const search = async (page: Page, text: string) => {
  const listed = page.waitForResponse(
    (res) => res.url().includes('/api/admin/films?') && res.url().includes(`q=${encodeURIComponent(text)}`) && res.ok(),
  );
  await page.getByRole('searchbox', { name: 'Kataloqda axtar' }).fill(text);
  await listed; // debounced: the list the typing settled on
};

test('an admin edits a film and merges its duplicate into it; the members’ entries move to the kept film', async ({
  page,
  api,
  admin,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const title = `Qız qalası ${tag}`;
  const aysel = await api.createUser('afa');
  const orxan = await api.createUser('afb');
  // Years three apart are two films by the linking rule: the duplicate an admin has to join.
  const kept = await api.createMovie(aysel.token, { title, year: 2018, status: 'watched', rating: 8 });
  const dup = await api.createMovie(orxan.token, { title, year: 2021, status: 'watchlist' });
  expect(dup.film_id).not.toBe(kept.film_id);

  await signIn(page, admin.token, '/admin');
  await page.getByRole('navigation', { name: 'Admin naviqasiyası' }).getByRole('link', { name: 'Filmlər' }).click();
  await expect(page).toHaveURL(/\/admin\/films$/);
  await search(page, tag);
  await expect(table(page).getByRole('row')).toHaveCount(3); // header + both films
  await expect(rowOf(page, `${title} (2018)`)).toContainText('Üzv');

  // Edit: a director and a genre from the catalogue's list; the member's entry shows them.
  await rowOf(page, `${title} (2018)`)
    .getByRole('button', { name: `"${title}" filmini redaktə et` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Filmi redaktə et' });
  await edit.getByLabel('Rejissorlar').fill('Şamil Nəcəfzadə');
  await edit.getByRole('combobox', { name: 'Janrlar' }).click();
  await page.getByRole('option', { name: 'Tarixi' }).click();
  await page.keyboard.press('Escape');
  await edit.getByRole('button', { name: 'Yadda saxla' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Film yeniləndi', { exact: true })).toBeVisible();
  await expect(rowOf(page, `${title} (2018)`)).toContainText('Şamil Nəcəfzadə');
  await expect(rowOf(page, `${title} (2018)`)).toContainText('Tarixi');
  expect((await api.movie(aysel.token, kept.id)).director).toBe('Şamil Nəcəfzadə');

  // Merge the 2021 duplicate into the 2018 film, after a confirmation naming what moves.
  await rowOf(page, `${title} (2021)`)
    .getByRole('button', { name: `"${title}" filmini başqa filmlə birləşdir` })
    .click();
  const merge = page.getByRole('dialog', { name: 'Dublikatı birləşdir' });
  await merge.getByRole('searchbox', { name: 'Saxlanılan film' }).fill(tag);
  await merge.getByRole('radio', { name: `${title} (2018) · Şamil Nəcəfzadə` }).check();
  await merge.getByRole('button', { name: 'Davam et' }).click();
  const confirm = page.getByRole('dialog', { name: 'Filmlər birləşdirilsin?' });
  await expect(confirm).toContainText(
    `"${title} (2021)" filminin 1 üzv qeydi və bütün şərhləri "${title} (2018)" filminə keçəcək.`,
  );
  await confirm.getByRole('button', { name: 'Bəli, birləşdir' }).click();
  await expect(page.getByText(`"${title} (2021)" filmi "${title} (2018)" filminə birləşdirildi`)).toBeVisible();
  await expect(rowOf(page, `${title} (2021)`)).toHaveCount(0);
  await expect(table(page).getByRole('row')).toHaveCount(2);

  // Orxan's entry is now of the kept film and shows its facts; its page counts both members.
  const moved = await api.movie(orxan.token, dup.id);
  expect(moved.film_id).toBe(kept.film_id);
  expect(moved.director).toBe('Şamil Nəcəfzadə');
  await rowOf(page, `${title} (2018)`).getByRole('link').click();
  await expect(page).toHaveURL(`/film/${kept.film_id}`);
  const members = page.getByRole('region', { name: 'KinoDost üzvləri' });
  await expect(members).toContainText('1 nəfər izləyib');
  await expect(members).toContainText('1 nəfər izləmək istəyir');
});
