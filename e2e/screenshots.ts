/**
 * `npm run screenshots -w e2e`: starts the product the way the suite does (fresh data folder), seeds an
 * admin and a few members with avatars through the API, and writes docs/screenshots/<page>-<theme>-<width>.png
 * for the landing, login, profile and admin users pages, light and dark, at 1280 and 390 px.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page, request } from '@playwright/test';
import { Api } from './support/api';
import { chromiumLaunchOptions } from './support/chromium';
import { solidPng } from './support/png';
import { repoRoot, startServer } from './support/server';

const outDir = path.join(repoRoot, 'docs/screenshots');

interface Shot {
  name: string;
  path: string;
  signedIn: boolean;
  /** Something that is only there once the page has really rendered its content. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const shots: Shot[] = [
  { name: 'landing', path: '/', signedIn: false, ready: (page) => page.getByRole('heading', { level: 1 }) },
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { name: 'Daxil olun' }),
  },
  {
    name: 'profile',
    path: '/profile',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { name: 'Profilim' }),
  },
  {
    name: 'admin-users',
    path: '/admin/users',
    signedIn: true,
    ready: (page) => page.getByRole('link', { name: 'aysel', exact: true }),
  },
];
const widths = [
  { width: 1280, height: 800, isMobile: false },
  { width: 390, height: 844, isMobile: true },
];
const themes = ['light', 'dark'] as const;

// Readable, stable names: these pictures go into the README.
const admin = { username: 'kinodost_admin', email: 'admin@kinodost.az', password: 'Ekran-Sekli-2025!' };
const members = [
  { username: 'aysel', color: [233, 30, 99] },
  { username: 'kamran.m', color: [63, 81, 181] },
  { username: 'nigar_film', color: [0, 150, 136] },
  { username: 'orxan', color: [255, 152, 0] },
] as const;

/** Seeds through the API and answers the admin's token. */
async function seed(baseURL: string): Promise<string> {
  const context = await request.newContext({ baseURL });
  const api = new Api(context);
  const adminToken = await api.register(admin); // first account: the admin
  await api.uploadAvatar(adminToken, solidPng(256, [156, 39, 176]));
  for (const { username, color } of members) {
    const token = await api.register({
      username,
      email: `${username.replace('.', '')}@example.az`,
      password: `${username}-Kino-2025!`,
    });
    await api.uploadAvatar(token, solidPng(256, [...color]));
  }
  await context.dispose();
  return adminToken;
}

type Shrink = (png: Buffer) => Promise<Buffer>;

/**
 * The files get committed, so they are quantised to a 256-colour palette (about a tenth of the size)
 * with sharp, which the server already installs. Without it the plain screenshot is kept.
 */
async function loadShrink(): Promise<Shrink> {
  try {
    const sharp = (await import('sharp')).default;
    return (png) => sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
  } catch {
    console.warn('sharp is not installed: writing unquantised PNGs');
    return async (png) => png;
  }
}

async function capture(browser: Browser, baseURL: string, token: string): Promise<string[]> {
  const shrink = await loadShrink();
  const written: string[] = [];
  for (const theme of themes) {
    for (const size of widths) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
        locale: 'az-AZ',
        timezoneId: 'Asia/Baku',
        reducedMotion: 'reduce',
      });
      await context.addInitScript((dark) => window.localStorage.setItem('darkMode', dark), String(theme === 'dark'));
      for (const shot of shots) {
        const page = await context.newPage();
        if (shot.signedIn) await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
        await page.goto(shot.path, { waitUntil: 'networkidle' });
        await shot.ready(page).first().waitFor();
        await page.evaluate(async () => {
          await document.fonts.ready;
          // Avatars must be decoded, not half-loaded.
          await Promise.all(
            [...document.images].map((img) =>
              img.complete ? null : new Promise((r) => img.addEventListener('load', r)),
            ),
          );
        });
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${shot.name}-${theme}-${size.width}.png`);
        const png = await page.screenshot({ fullPage: false, animations: 'disabled', caret: 'hide' });
        writeFileSync(file, await shrink(png));
        written.push(file);
        await page.close();
      }
      await context.close();
    }
  }
  return written;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    const token = await seed(server.baseURL);
    browser = await chromium.launch(chromiumLaunchOptions);
    for (const file of await capture(browser, server.baseURL, token)) {
      console.log(`${path.relative(repoRoot, file)}  ${Math.round(statSync(file).size / 1024)} KB`);
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
