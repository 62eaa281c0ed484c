import type { Page } from '@playwright/test';
import { expect, storageItem, test } from '../support/fixtures';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme toggle switches to dark, survives a reload and switches back', async ({ page }) => {
  await page.goto('/');
  // Default light (SPEC.md section 9: light background #f5f5f5).
  await expect.poll(() => bodyBackground(page)).toBe('rgb(245, 245, 245)');

  await page.getByRole('button', { name: 'Qaranlıq rejimə keç' }).click();
  await expect.poll(() => storageItem(page, 'darkMode')).toBe('true');
  await expect.poll(() => bodyBackground(page)).toBe('rgb(18, 18, 18)');

  await page.reload();
  await expect(page.getByRole('button', { name: 'İşıqlı rejimə keç' })).toBeVisible();
  expect(await storageItem(page, 'darkMode')).toBe('true');
  await expect.poll(() => bodyBackground(page)).toBe('rgb(18, 18, 18)');

  await page.getByRole('button', { name: 'İşıqlı rejimə keç' }).click();
  await expect.poll(() => storageItem(page, 'darkMode')).toBe('false');
  await expect.poll(() => bodyBackground(page)).toBe('rgb(245, 245, 245)');
  await page.reload();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(245, 245, 245)');
});
