import { expect, signIn, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

test('with the network gone a search says it is offline, and runs when the connection is back', async ({
  page,
  context,
  api,
}) => {
  const member = await api.createUser('offl');
  const tag = uniqueTag();
  const title = `Qaranlıq şəhər ${tag}`;
  await api.createMovie(member.token, { title });
  await signIn(page, member.token, '/dashboard');
  await expect(
    page.getByRole('region', { name: 'Film kolleksiyanız' }).getByRole('heading', { name: title }),
  ).toBeVisible();

  // One search online first: the results' code is loaded with the first search, and a page
  // that is offline cannot load code (only data is what this is about).
  const search = page.getByRole('searchbox', { name: 'Film axtar' });
  const warmed = page.waitForResponse((res) => res.url().includes('/api/movies/search/') && res.ok());
  await search.fill(`isinma${tag}`);
  await warmed;
  await context.setOffline(true);
  await search.fill(tag);
  const results = page.getByRole('region', { name: `"${tag}" üzrə nəticələr` });
  await expect(results.getByRole('status')).toHaveText(
    'İnternet bağlantısı yoxdurBağlantı bərpa olunan kimi siyahı özü yenilənəcək.',
  );
  await expect(results.getByTestId('search-skeleton')).toHaveCount(0);

  const searched = page.waitForResponse((res) => res.url().includes(`/api/movies/search/${tag}`) && res.ok());
  await context.setOffline(false);
  await searched;
  await expect(results.getByRole('link', { name: title })).toBeVisible();
  await expect(results.getByText('İnternet bağlantısı yoxdur')).toHaveCount(0);
});

test('a list asked for without a network shows the offline state, then fills itself in', async ({
  page,
  context,
  api,
}) => {
  const member = await api.createUser('offf');
  const title = `Baxılmış film ${uniqueTag()}`;
  await api.createMovie(member.token, { title, status: 'watched' });
  await signIn(page, member.token, '/dashboard');
  const collection = page.getByRole('region', { name: 'Film kolleksiyanız' });
  await expect(collection.getByRole('heading', { name: title })).toBeVisible();

  const filters = page.getByRole('group', { name: 'Statusa görə süzgəc' });
  // The page is idle and its code loaded before the network goes.
  await filters.getByRole('button', { name: 'İzləmə siyahısı' }).click();
  await expect(collection.getByRole('heading', { name: title })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Hamısı' }).click();
  await expect(collection.getByRole('heading', { name: title })).toBeVisible();
  await context.setOffline(true);
  // Another filter is another list, not yet loaded.
  await filters.getByRole('button', { name: 'İzlənilənlər' }).click();
  const notice = collection.getByRole('status').filter({ hasText: 'İnternet bağlantısı yoxdur' });
  await expect(notice).toBeVisible();
  await expect(collection.getByTestId('movies-skeleton')).toHaveCount(0);
  await context.setOffline(false);
  await expect(collection.getByRole('heading', { name: title })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
