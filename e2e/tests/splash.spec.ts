import { expect, test } from '../support/fixtures';

test('on a slow connection the loading screen shows a progress bar after a moment, until the app replaces it', async ({
  page,
}) => {
  // Hold the app's entry script back, as a slow network would, until the bar has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // A page with the loading screen (`/`, `/login` and `/register` come prerendered instead).
  await page.goto('/forgot-password', { waitUntil: 'commit' });
  const bar = page.locator('#root .boot-progress');
  await expect(bar).toHaveAttribute('role', 'progressbar');
  // Hidden at first (no flash on a fast load), shown from 1 s on.
  expect(await bar.evaluate((el) => getComputedStyle(el).animationDelay)).toBe('1s');
  await expect(bar).toHaveCSS('opacity', '1');
  release();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(bar).toHaveCount(0);
});
