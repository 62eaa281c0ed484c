// Lighthouse benchmark (issue 8): performance, accessibility and best-practices scores of the
// product as the real server serves it (server/src/main.ts with a fresh PGlite data folder and the
// built web/dist), in Debian's Chromium. Pages: the landing page and login as a visitor, the
// dashboard, a movie page and a film page as a member (the token is put in localStorage under
// docs/product.md#theme-and-storage's key before Lighthouse loads the page, and Lighthouse is told
// not to clear storage). The scores move with the machine (Chromium's own work, not only
// JavaScript, is slower on some hosts), so each preset also measures a reference page in the same
// run: bench/lighthouse-reference/, React and MUI alone rendering a page of the dashboard's shape,
// built with Vite and served by the same server. Budget (issue 28): each page's performance at
// least the reference's in the same preset, accessibility and best practices 100. Usage:
//   node --import tsx bench/lighthouse.ts                 (builds web/ when web/dist is missing)
//   LH_RUNS=5 LH_PRESETS=mobile,desktop node --import tsx bench/lighthouse.ts
// Each page is measured LH_RUNS times (default 3) per preset, in rounds of every page, and the
// median run is reported.
//   LH_BASELINE=old/lighthouse.json LH_BASELINE_LABEL=… adds an earlier run's table (before/after);
//   --report-only renders lighthouse.md again from lighthouse.json without measuring.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { precompress } from '../web/build/precompress';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** 'Chromium 156.0.8078.79': scores move with the browser (how it paints and times tasks), so each run records it. */
const chromiumVersion = () =>
  execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .replace(/ built on .*/s, '')
    .trim();
/** Lighthouse CI's own default; the rounds (below) keep the reference beside every run. */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const PRESETS = (process.env.LH_PRESETS ?? 'mobile,desktop').split(',').map((p) => p.trim()) as Preset[];
/** Only these pages (comma-separated names), for investigating one page. */
const ONLY_PAGES = process.env.LH_PAGES?.split(',').map((p) => p.trim());
/** Another build to serve instead of web/dist (e.g. an older commit's, for a before/after). */
const WEB_DIST = process.env.LH_WEB_DIST ? path.resolve(process.env.LH_WEB_DIST) : path.join(root, 'web', 'dist');
/** Where to keep every run's full Lighthouse report (JSON, `<preset>-<page>-<run>.json`), when set. */
const REPORTS_DIR = process.env.LH_REPORTS_DIR;
/** Issue 28: every page's performance at least the reference page's in the same run and preset; the others 100. */
const BUDGET = 100;
const BUDGET_PAGES = ['landing', 'login', 'dashboard', 'movie', 'film'];
/** The page name of bench/lighthouse-reference in the results. */
const REFERENCE_PAGE = 'reference';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** docs/product.md#theme-and-storage / web/src/lib/storage.ts: where the web app keeps the session token. */
const TOKEN_KEY = 'token';

type Preset = 'mobile' | 'desktop';
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;
type PageRun = {
  page: string;
  path: string;
  member: boolean;
  preset: Preset;
  scores: Scores;
  runs: Scores[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Performance score over the reference page's in the same preset and run (bench/lighthouse-reference). */
  performanceToReference?: number;
  /** Audits below a full score in the median run (what to fix next). */
  failing: { id: string; title: string; score: number | null }[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The real server on a free port with a fresh data folder, serving a copy of the web build given. */
async function startServer(distDir: string): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const runDir = mkdtempSync(path.join(tmpdir(), 'kinodost-lighthouse-'));
  // A copy, so that a rebuild of web/dist during the run cannot remove chunks the pages load.
  const webDist = path.join(runDir, 'web-dist');
  cpSync(distDir, webDist, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIST: webDist,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      LOGIN_ATTEMPTS_PER_IP: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 12_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(null);
        });
      });
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  // A fresh folder migrates and loads the bundled catalogue first: minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server did not answer ${baseURL}/api/ready within 300 s`);
}

/**
 * Builds bench/lighthouse-reference/ into a temporary folder with Vite's defaults for production,
 * React's plugin and the web build's precompression (the server sends the .br files, as for the
 * product), so the reference page differs from the product's pages only in what it renders.
 */
async function buildReference(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kinodost-lighthouse-reference-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench', 'lighthouse-reference'),
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function api<T>(baseURL: string, method: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /api${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A member with a few movies, so that the dashboard and the movie page show real content. */
async function seedMember(baseURL: string): Promise<{ token: string; movieId: string; filmId: string }> {
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/auth/register', {
    username: 'lighthouse',
    email: 'lighthouse@kinodost.az',
    password: 'Lighthouse-Bench-2026',
  });
  const titles = ['Nabat', 'Bir cənub şəhərində', 'Yarımçıq əlyazma', 'Ögey ana', 'Dəli Kür'];
  let movieId = '';
  let filmId = '';
  for (const [i, title] of titles.entries()) {
    const movie = await api<{ id: string; film_id: string }>(
      baseURL,
      'POST',
      '/movies',
      {
        title,
        year: 1960 + i * 10,
        director: 'Rejissor',
        overview: 'Azərbaycan kinosunun seçilmiş filmlərindən biri; dostlarla birlikdə izləmək üçün.',
      },
      token,
    );
    movieId ||= movie.id;
    filmId ||= movie.film_id;
  }
  return { token, movieId, filmId };
}

/** Signs the browser's profile in: the token goes to localStorage on the app's origin. */
async function signIn(chromePort: number, baseURL: string, token: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  await page.goto(`${baseURL}/api/ready`);
  // A string, because bench/ is typechecked without the DOM library.
  const key = JSON.stringify(TOKEN_KEY);
  await page.evaluate(
    token ? `localStorage.setItem(${key}, ${JSON.stringify(token)})` : `localStorage.removeItem(${key})`,
  );
  await page.close();
  await browser.disconnect();
}

/**
 * Empties the HTTP cache (and with it V8's code cache) while keeping localStorage: Lighthouse
 * leaves both alone when told to keep storage, and a member's page would otherwise be measured
 * with every chunk the earlier runs fetched, unlike a visitor's.
 */
async function clearHttpCache(chromePort: number) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function audit(chromePort: number, url: string, preset: Preset, member: boolean): Promise<Result> {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // A member's page needs the token put in localStorage by signIn(); clearHttpCache() empties the cache.
    disableStorageReset: member,
  };
  // Lighthouse now and then fails to record the trace on a loaded machine (NO_NAVSTART): try again,
  // from an empty cache again (a member's failed attempt has filled it).
  for (let attempt = 1; ; attempt++) {
    if (member) await clearHttpCache(chromePort);
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const error = result ? result.lhr.runtimeError?.message : 'Lighthouse returned nothing';
    if (result && !error) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: ${error}`);
    console.warn(`lighthouse: ${url} (${preset}) failed, again: ${error}`);
  }
}

const scoresOf = (lhr: Result): Scores =>
  Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Scores;

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('lighthouse: building web/ …');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const results: PageRun[] = [];
  // Whatever has started is stopped again, last first, however the run ends.
  const cleanups: (() => unknown)[] = [];
  try {
    const reference = await buildReference();
    cleanups.push(reference.remove);
    const referenceServer = await startServer(reference.dir);
    cleanups.push(referenceServer.stop);
    const server = await startServer(WEB_DIST);
    cleanups.push(server.stop);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    cleanups.push(() => chrome.kill());
    const { token, movieId, filmId } = await seedMember(server.baseURL);
    const pages = [
      // First in each preset, always: the others' ratios are to it.
      { page: REFERENCE_PAGE, path: '/', member: false, baseURL: referenceServer.baseURL },
      ...[
        { page: 'landing', path: '/', member: false },
        { page: 'login', path: '/login', member: false },
        { page: 'dashboard', path: '/dashboard', member: true },
        { page: 'movie', path: `/movie/${movieId}`, member: true },
        { page: 'film', path: `/film/${filmId}`, member: true },
      ]
        .filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.page))
        .map((p) => ({ ...p, baseURL: server.baseURL })),
    ];
    if (REPORTS_DIR) await mkdir(REPORTS_DIR, { recursive: true });
    for (const preset of PRESETS) {
      // In rounds, every page once a round and the reference first: a page's runs and the
      // reference's are taken minutes apart at most, so the load of a shared machine, which moves
      // within a step, weighs on both alike.
      const lhrsOf = new Map<string, Result[]>(pages.map((p) => [p.page, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const { page, path: pagePath, member, baseURL } of pages) {
          await signIn(chrome.port, baseURL, member ? token : null);
          lhrsOf.get(page)?.push(await audit(chrome.port, baseURL + pagePath, preset, member));
        }
      }
      let referencePerformance = 0;
      for (const { page, member, path: pagePath } of pages) {
        const lhrs = lhrsOf.get(page) ?? [];
        const runs = lhrs.map(scoresOf);
        // The median run by performance (the noisy category); the others barely move between runs.
        const perf = median(runs.map((r) => r.performance));
        const lhr = lhrs[runs.findIndex((r) => r.performance === perf)] as Result;
        if (REPORTS_DIR) {
          for (const [i, run] of lhrs.entries()) {
            await writeFile(path.join(REPORTS_DIR, `${preset}-${page}-${i + 1}.json`), JSON.stringify(run));
          }
        }
        const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => ({ id: a.id, title: a.title, score: a.score }));
        const entry: PageRun = {
          page,
          path: member ? pagePath.replace(movieId, ':movieId') : pagePath,
          member,
          preset,
          scores: scoresOf(lhr),
          runs,
          metrics: {
            fcpMs: Math.round(numeric('first-contentful-paint')),
            lcpMs: Math.round(numeric('largest-contentful-paint')),
            tbtMs: Math.round(numeric('total-blocking-time')),
            cls: numeric('cumulative-layout-shift'),
            speedIndexMs: Math.round(numeric('speed-index')),
          },
          failing,
        };
        if (page === REFERENCE_PAGE) referencePerformance = entry.scores.performance;
        else if (referencePerformance > 0) {
          entry.performanceToReference = Number((entry.scores.performance / referencePerformance).toFixed(3));
        }
        results.push(entry);
        console.log(
          `${preset.padEnd(7)} ${page.padEnd(9)} perf ${entry.scores.performance} a11y ${entry.scores.accessibility} bp ${entry.scores['best-practices']}` +
            (failing.length ? `  (below 1: ${failing.map((f) => f.id).join(', ')})` : ''),
        );
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }

  const within = (preset: Preset) => withinBudget(results, preset);
  const result: LighthouseResults = {
    benchmark: 'lighthouse',
    measuredAt: new Date().toISOString(),
    lighthouse: '12.8',
    chromium: `${CHROMIUM} (${chromiumVersion()})`,
    webDist: path.relative(root, WEB_DIST) || WEB_DIST,
    runsPerPage: RUNS,
    method:
      'Lighthouse (npm) against the real server (PGlite, fresh data folder) serving the web build; empty HTTP cache for every run (members keep only their token); pages measured in rounds, each page once a round after the reference; median run by performance; mobile = Lighthouse defaults (simulated slow 4G, 4x CPU slowdown), desktop = its desktop config; "reference" is bench/lighthouse-reference (React and MUI alone, a page of the dashboard\'s shape) on the same server software, and "to ref." each page\'s performance over its score in the same preset',
    budget: { minScore: BUDGET, pages: BUDGET_PAGES, categories: CATEGORIES },
    referencePage: REFERENCE_PAGE,
    withinBudget: Object.fromEntries(PRESETS.map((p) => [p, within(p)])),
    results,
  };
  await writeResults(result, await readBaseline());
}

type LighthouseResults = {
  benchmark: 'lighthouse';
  measuredAt: string;
  lighthouse: string;
  chromium: string;
  webDist: string;
  runsPerPage: number;
  method: string;
  budget: { minScore: number; pages: string[]; categories: readonly Category[] };
  /** Which page of `results` is bench/lighthouse-reference (bench/summary.ts reads it). */
  referencePage: string;
  withinBudget: Record<string, boolean>;
  results: PageRun[];
  baseline?: { label: string; measuredAt: string; results: PageRun[] };
};

const withinBudget = (results: PageRun[], preset: Preset) =>
  results
    .filter((r) => r.preset === preset && BUDGET_PAGES.includes(r.page))
    .every((r) => pageWithinBudget(results, r));

/** Performance at least the reference page's (same preset); accessibility and best practices 100. */
export const pageWithinBudget = (results: PageRun[], r: PageRun) => {
  const reference = results.find((x) => x.page === REFERENCE_PAGE && x.preset === r.preset);
  return (
    !!reference &&
    r.scores.performance >= reference.scores.performance &&
    r.scores.accessibility >= BUDGET &&
    r.scores['best-practices'] >= BUDGET
  );
};

/** LH_BASELINE=file.json (an earlier run's lighthouse.json) and LH_BASELINE_LABEL: shown beside this run. */
async function readBaseline(): Promise<LighthouseResults['baseline']> {
  const file = process.env.LH_BASELINE;
  if (!file) return undefined;
  const earlier = JSON.parse(await readFile(file, 'utf8')) as LighthouseResults;
  return { label: process.env.LH_BASELINE_LABEL ?? file, measuredAt: earlier.measuredAt, results: earlier.results };
}

const table = (results: PageRun[]) => [
  '| Preset | Page | Path | Performance | to ref. | Accessibility | Best practices | FCP (ms) | LCP (ms) | TBT (ms) | CLS |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.preset} | ${r.page}${r.member ? ' (member)' : ''} | \`${r.path}\` | ${r.scores.performance} | ${r.performanceToReference ?? '–'} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.metrics.fcpMs} | ${r.metrics.lcpMs} | ${r.metrics.tbtMs} | ${r.metrics.cls} |`,
  ),
];

async function writeResults(result: LighthouseResults, baseline: LighthouseResults['baseline']) {
  const full = baseline ? { ...result, baseline } : result;
  const resultsDir = path.join(root, 'bench', 'results');
  await writeFile(path.join(resultsDir, 'lighthouse.json'), `${JSON.stringify(full, null, 2)}\n`);
  const presets = Object.keys(result.withinBudget) as Preset[];
  const lines = [
    '# Lighthouse: performance, accessibility, best practices',
    '',
    `Measured ${result.measuredAt} with Lighthouse ${result.lighthouse} on ${result.chromium} (headless), ${result.runsPerPage} run(s) per page and preset, the median run by performance shown. ${result.method}.`,
    '',
    `Budget: on ${BUDGET_PAGES.join(', ')}, performance at least the reference page's in the same preset, accessibility and best practices ${BUDGET}. ${presets.map((p) => `${p}: ${result.withinBudget[p] ? 'within budget' : 'OVER budget'}`).join('; ')}.`,
    '',
    ...table(result.results),
    '',
    ...(baseline
      ? [`## Baseline: ${baseline.label}`, '', `Measured ${baseline.measuredAt}.`, '', ...table(baseline.results), '']
      : []),
  ];
  await writeFile(path.join(resultsDir, 'lighthouse.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

// --report-only: render lighthouse.md again from lighthouse.json (e.g. to add a baseline) without measuring.
if (process.argv.includes('--report-only')) {
  const earlier = JSON.parse(
    await readFile(path.join(root, 'bench', 'results', 'lighthouse.json'), 'utf8'),
  ) as LighthouseResults;
  await writeResults(earlier, (await readBaseline()) ?? earlier.baseline);
} else {
  await main();
}
