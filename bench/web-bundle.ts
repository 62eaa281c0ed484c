// Web bundle benchmark (issue 8): the JavaScript and CSS each route needs before it can render,
// in gzip bytes, read from Vite's build manifest (web/dist/.vite/manifest.json). A route's initial
// set is the entry chunk with its static imports (what index.html modulepreloads) plus the lazy
// chunks the route renders on first paint with their static imports. Usage:
//   node --import tsx bench/web-bundle.ts            (builds web/ first)
//   node --import tsx bench/web-bundle.ts --no-build (reads an existing web/dist)
//   node --import tsx bench/web-bundle.ts --baseline DIR [--baseline-label TEXT] (adds another build's figures as a column)
//   node --import tsx bench/web-bundle.ts --dist DIR (prints the figures of another build, e.g. an
//     older commit's built with --manifest, and writes no results)

import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web', 'dist');
// kB = 1000 bytes, as Vite reports sizes.
const BUDGET_BYTES = 150_000;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const page = (name: string) => `src/app/pages/${name}.tsx`;
const layout = (name: string) => `src/app/layouts/${name}.tsx`;
// What each route renders on first paint besides the shell: its page and, for members, the header's
// member area, the drawer and the realtime bridge (mounted once logged in).
const member = [layout('header-member-area'), layout('sidebar-drawer'), 'src/app/realtime/realtime-bridge.tsx'];
export const ROUTES: { route: string; path: string; lazy: string[] }[] = [
  { route: 'landing', path: '/', lazy: [page('landing-page')] },
  { route: 'login', path: '/login', lazy: [page('login-page')] },
  { route: 'register', path: '/register', lazy: [page('register-page')] },
  { route: 'movie', path: '/movie/:movieId', lazy: [page('movie-page')] },
  { route: 'film', path: '/film/:filmId', lazy: [page('film-page')] },
  { route: 'public profile', path: '/user/:userId', lazy: [page('public-profile-page')] },
  { route: 'newsletters', path: '/newsletters', lazy: [page('newsletters-page')] },
  { route: 'dashboard', path: '/dashboard', lazy: [page('dashboard-page'), ...member] },
  { route: 'profile', path: '/profile', lazy: [page('profile-page'), ...member] },
  { route: 'friends', path: '/friends', lazy: [page('friends-page'), ...member] },
  { route: 'admin users', path: '/admin/users', lazy: [layout('admin-layout'), page('admin-users-page'), ...member] },
];

export type RouteSize = {
  route: string;
  path: string;
  files: number;
  jsGzip: number;
  cssGzip: number;
  /** gzip bytes of the route's own lazy chunks (page, layouts) beyond the shell. */
  lazyJsGzip: number;
};

/** The chunk keys reachable from `start` through static imports (dynamic imports load later). */
function staticClosure(manifest: Manifest, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`${start} is not in the Vite manifest: was it renamed?`);
  into.add(start);
  for (const next of chunk.imports ?? []) staticClosure(manifest, next, into);
  return into;
}

export async function measureRoutes(distDir = dist): Promise<{ shell: RouteSize; routes: RouteSize[] }> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = async (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const sum = async (keys: Set<string>) => {
    let jsGzip = 0;
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key] as ManifestChunk;
      jsGzip += await gz(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
    }
    let cssGzip = 0;
    for (const file of css) cssGzip += await gz(file);
    return { jsGzip, cssGzip };
  };

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');
  const shellKeys = staticClosure(manifest, entry);
  const shellSum = await sum(shellKeys);
  const shell: RouteSize = { route: 'shell', path: '(index.html)', files: shellKeys.size, ...shellSum, lazyJsGzip: 0 };

  const routes: RouteSize[] = [];
  for (const { route, path: routePath, lazy } of ROUTES) {
    const keys = new Set(shellKeys);
    for (const key of lazy) staticClosure(manifest, key, keys);
    const own = new Set([...keys].filter((key) => !shellKeys.has(key)));
    const total = await sum(keys);
    routes.push({ route, path: routePath, files: keys.size, ...total, lazyJsGzip: (await sum(own)).jsGzip });
  }
  return { shell, routes };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  const other = process.argv.indexOf('--dist');
  if (other > 0) {
    const dir = path.resolve(process.argv[other + 1] ?? '');
    const { shell, routes } = await measureRoutes(dir);
    for (const r of [shell, ...routes])
      console.log(`${r.route.padEnd(14)} ${kb(r.jsGzip).padStart(6)} kB gzip, ${r.files} chunks`);
    return;
  }
  if (!process.argv.includes('--no-build')) {
    console.log('web-bundle: building web/ …');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { shell, routes } = await measureRoutes();
  const baselineAt = process.argv.indexOf('--baseline');
  const baselineDir = baselineAt > 0 ? path.resolve(process.argv[baselineAt + 1] ?? '') : null;
  const baseline = baselineDir ? await measureRoutes(baselineDir) : null;
  const labelAt = process.argv.indexOf('--baseline-label');
  const baselineLabel = labelAt > 0 ? process.argv[labelAt + 1] : baselineDir;
  const before = (route: string) =>
    baseline ? [baseline.shell, ...baseline.routes].find((r) => r.route === route)?.jsGzip : undefined;
  const landing = routes.find((r) => r.route === 'landing') as RouteSize;
  const ratio = landing.jsGzip / BUDGET_BYTES;
  const result = {
    benchmark: 'web-bundle',
    measuredAt: new Date().toISOString(),
    method:
      'gzip -9 of the entry chunk with its static imports plus each route’s lazy chunks (and theirs), from web/dist/.vite/manifest.json',
    budget: { route: 'landing', initialJsGzipBytes: BUDGET_BYTES },
    landing: { initialJsGzipBytes: landing.jsGzip, ratioToBudget: Number(ratio.toFixed(3)), withinBudget: ratio < 1 },
    shell,
    routes,
    baseline: baseline && { label: baselineLabel, shell: baseline.shell, routes: baseline.routes },
  };
  const resultsDir = path.join(root, 'bench', 'results');
  await writeFile(path.join(resultsDir, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
  const lines = [
    '# Web bundle: initial JavaScript and CSS per route (gzip)',
    '',
    `Measured ${result.measuredAt} from \`web/dist/.vite/manifest.json\` (${result.method}).`,
    '',
    `Budget: the landing page's initial JavaScript under ${kb(BUDGET_BYTES)} kB gzip. Landing: **${kb(landing.jsGzip)} kB**, ratio to the budget **${ratio.toFixed(2)}** (${ratio < 1 ? 'within' : 'OVER'} budget).`,
    '',
    ...(baseline ? [`Baseline column: ${baselineLabel}.`, ''] : []),
    `| Route | Path | Chunks | Initial JS (kB gzip) | of which the route’s own lazy chunks | CSS (kB gzip) |${baseline ? ' Baseline JS (kB gzip) |' : ''}`,
    `| --- | --- | ---: | ---: | ---: | ---: |${baseline ? ' ---: |' : ''}`,
    ...[shell, ...routes].map((r) => {
      const old = before(r.route);
      const extra = baseline ? ` ${old === undefined ? '–' : kb(old)} |` : '';
      return `| ${r.route} | \`${r.path}\` | ${r.files} | ${kb(r.jsGzip)} | ${kb(r.lazyJsGzip)} | ${kb(r.cssGzip)} |${extra}`;
    }),
    '',
  ];
  await writeFile(path.join(resultsDir, 'web-bundle.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('web-bundle.ts')) {
  await main();
}
