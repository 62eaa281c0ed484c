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
  const results = page.getByRole('region', { name: `Bütün kolleksiyalarda "${tag}" üzrə nəticələr` });
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

test('code the dashboard loads after its first paint waits out a dropped network instead of failing the page', async ({
  page,
  context,
  api,
}) => {
  const member = await api.createUser('offc');
  const title = `Silinəcək film ${uniqueTag()}`;
  await api.createMovie(member.token, { title });
  // The delete dialog's code is asked for once the page is idle: held, then lost with the network.
  let held: (() => Promise<void>) | undefined;
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await page.route('**/assets/delete-movie-dialog-*.js', (route) => {
    held = () => route.abort('internetdisconnected');
    markAsked();
  });
  await signIn(page, member.token, '/dashboard');
  const collection = page.getByRole('region', { name: 'Film kolleksiyanız' });
  await expect(collection.getByRole('heading', { name: title })).toBeVisible();
  await asked;
  await context.setOffline(true);
  const failed = page.waitForEvent('requestfailed', (request) => /delete-movie-dialog-/.test(request.url()));
  await held?.();
  await failed;
  await page.unroute('**/assets/delete-movie-dialog-*.js');
  // A frame and a task later, React has rendered whatever the failed import made of the page.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

  // The page stays as it is, with no error screen.
  await expect(collection.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nəsə səhv getdi' })).toHaveCount(0);

  // Back online, the code is fetched again and the dialog opens.
  const fetched = page.waitForResponse((res) => /delete-movie-dialog-.*\.js$/.test(res.url()) && res.ok());
  await context.setOffline(false);
  await fetched;
  await collection.getByRole('button', { name: `"${title}" filmini sil` }).click();
  await expect(page.getByRole('dialog', { name: 'Film silinsin?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nəsə səhv getdi' })).toHaveCount(0);
});
