import { expect, signIn, test } from '../support/fixtures';

/** The chunks a page's HTML asks the browser to fetch beside the entry (server/src/plugins/page-html.ts). */
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] as string);

// The dashboard's first render shows no dialog, menu or select: MUI's overlays (web/vite.config.ts,
// the `overlays` chunk) must not be in what a phone downloads before it can paint the heading.
test('the dashboard, the forms, movie and film pages name few chunks for preloading, and not MUI’s overlays', async ({
  page,
  api,
}) => {
  const html = await (await page.request.get('/dashboard')).text();
  const preloads = modulePreloads(html);
  expect(preloads.some((href) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.filter((href) => /\/assets\/overlays-/.test(href))).toEqual([]);
  // Our small shared modules come as one `kit` chunk (web/build/chunk-groups.ts), not a request each:
  // beside the entry script, the shell's two, then the page, `common`, `kit`, an icon the landing
  // page shares and MUI's tabs, which a phone shows in the first paint (13 beyond the shell's when
  // they were split automatically).
  expect(preloads.filter((href) => /\/assets\/kit-[\w-]+\.js$/.test(href))).toHaveLength(1);
  expect(preloads.length).toBeLessThanOrEqual(7);
  // Nor do the forms and the movie and film pages: their text fields are TextField's parts without
  // its select mode (web/src/components/text-input.tsx), and their dialogs load when first opened.
  const id = '00000000-0000-4000-8000-000000000001';
  for (const path of ['/login', '/register', `/movie/${id}`, `/film/${id}`]) {
    const preloaded = modulePreloads(await (await page.request.get(path)).text());
    expect(preloaded.length, path).toBeGreaterThan(0);
    expect(
      preloaded.filter((href) => /\/assets\/overlays-/.test(href)),
      path,
    ).toEqual([]);
  }

  // The dashboard's search and its add dialog still work once they arrive.
  const member = await api.createUser('fl');
  await signIn(page, member.token, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Xoş gəldiniz, ${member.username}!` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Film axtar' }).fill('heç nə tapılmayacaq');
  await expect(page.getByText('"heç nə tapılmayacaq" üzrə heç bir film tapılmadı')).toBeVisible();
  await page.getByRole('button', { name: 'Film əlavə et', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Film əlavə et' })).toBeVisible();
});

// React Router names only its development build in its package exports; the web build takes the
// production one (web/vite.config.ts), whose dev warnings would otherwise print in members' consoles.
test('the scripts a page loads carry React Router’s production build, without its dev warnings', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((url) => /\/assets\/react-vendor-[\w-]+\.js$/.test(url))).toBe(true);
  for (const url of scripts) {
    const text = await (await page.request.get(url)).text();
    // Booleans, so that a failure names the chunk rather than printing all of it.
    expect(text.includes('No routes matched location'), url).toBe(false);
    expect(text.includes('You rendered descendant <Routes>'), url).toBe(false);
  }
});
