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
      // Fifteen pages, each rendered and checked: minutes on a busy two-core machine.
      test.setTimeout(480_000);
      const member = await api.createUser('axe');
      const movie = await api.createMovie(member.token, { title: `Axe filmi ${uniqueTag()}` });
      const visitorPages = ['/', '/login', '/register', '/forgot-password', '/newsletters', '/yoxdur-bele-sehife'];
      const memberPages = ['/dashboard', '/profile', '/friends', `/user/${admin.id}`, `/movie/${movie.id}`];
      const adminPages = ['/admin', '/admin/users', '/admin/comments', '/admin/newsletters'];
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
