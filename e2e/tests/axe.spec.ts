import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { uniqueTag } from '../support/users';

/**
 * Zero axe violations (WCAG 2.2 A and AA rules, plus axe's best practices) on every page, in both
 * themes, at 1280 and 390 px. Each page is checked once its main content has rendered.
 */
const widths = [1280, 390] as const;
const themes = ['light', 'dark'] as const;

async function openAs(browser: Browser, width: number, theme: string, token: string | null): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width > 600 ? 800 : 844 },
    isMobile: width < 600,
    hasTouch: width < 600,
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
    baseURL: process.env.KINODOST_E2E_BASE_URL,
  });
  await context.addInitScript(
    ([dark, stored]) => {
      window.localStorage.setItem('darkMode', dark);
      if (stored) window.localStorage.setItem('token', stored);
    },
    [theme === 'dark' ? 'true' : 'false', token ?? ''] as const,
  );
  return context.newPage();
}

const violationsOf = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
};

for (const width of widths) {
  for (const theme of themes) {
    test(`axe finds nothing on any page at ${width} px in the ${theme} theme`, async ({ browser, api, admin }) => {
      // Twenty-one pages, each rendered and checked: minutes on a busy two-core machine.
      test.setTimeout(600_000);
      const member = await api.createUser('axe');
      const friend = await api.createUser('axef');
      await api.befriend(member, friend);
      // A conversation, so /messages shows its list and the thread its messages.
      await api.sendMessage(friend, member, 'Salam! Bu axşam nə izləyirik?');
      const movie = await api.createMovie(member.token, { title: `Axe filmi ${uniqueTag()}` });
      const { film_id: filmId } = await api.movie(member.token, movie.id);
      const newsletter = await api.createNewsletter(admin.token, {
        title: `Axe xəbəri ${uniqueTag()}`,
        content: 'Yeni filmlər və dostlarla izləmə.',
        is_important: false,
      });
      const visitorPages = [
        '/',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password/kohne-kecid',
        '/newsletters',
        `/newsletters/${newsletter.id}`,
        '/yoxdur-bele-sehife',
      ];
      const memberPages = [
        '/dashboard',
        '/profile',
        '/friends',
        '/messages',
        `/messages/${friend.id}`,
        `/user/${admin.id}`,
        `/movie/${movie.id}`,
        `/film/${filmId}`,
      ];
      const adminPages = ['/admin', '/admin/users', '/admin/comments', '/admin/films', '/admin/newsletters'];
      const found: Record<string, string[]> = {};
      for (const [token, paths] of [
        [null, visitorPages],
        [member.token, memberPages],
        [admin.token, adminPages],
      ] as const) {
        const page = await openAs(browser, width, theme, token);
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('main')).toBeVisible();
          await expect(page.locator('[aria-busy="true"], .MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
          const violations = await violationsOf(page);
          if (violations.length > 0) found[path] = violations;
        }
        await page.context().close();
      }
      expect(found).toEqual({});
    });
  }
}
