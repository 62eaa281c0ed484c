import type { Page } from '@playwright/test';
import { expect, storageItem, test } from '../support/fixtures';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme toggle switches to dark, survives a reload and switches back', async ({ page }) => {
  await page.goto('/');
  // Default light (docs/product.md#theme-and-storage: light background #f5f5f5).
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

test('before any script has run, the loading screen is in the stored theme; the app then replaces it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
  const htmlBackground = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  // A page with the loading screen: `/`, `/login` and `/register` come prerendered instead
  // (landing.spec.ts, login-logout.spec.ts).
  await page.goto('/forgot-password');
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));

  // The app's code held back: what shows is index.html alone, its inline script allowed by the CSP hash.
  await page.route('**/assets/**', (route) => route.abort());
  await page.reload();
  // The wordmark is drawn, not written: a first paint with text waits for a font (index.html).
  await expect(page.locator('.boot').getByRole('img', { name: 'KinoDost' })).toBeVisible();
  expect(await page.locator('.boot').innerText()).toBe('');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await htmlBackground()).toBe('rgb(18, 18, 18)');
  await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  await page.reload();
  await expect(page.locator('.boot')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  expect(await htmlBackground()).toBe('rgb(245, 245, 245)');
  expect(violations).toEqual([]);

  await page.unroute('**/assets/**');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keçid göndər' })).toBeVisible();
  await expect(page.locator('.boot')).toHaveCount(0);
});
