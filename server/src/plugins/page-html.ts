import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  PRERENDERED_FILE,
  type PrerenderedPages,
  ROUTE_PRELOADS_FILE,
  type RoutePreloads,
} from '@kinodost/contracts/web-build';

/** One page's index.html, ready in each encoding a browser may accept. */
export interface PageHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html's loading screen inside the root element, as web/index.html marks it. */
const BOOT_SCREEN = /<div id="root"><!--boot-->[\s\S]*?<!--\/boot-->/;

/**
 * A page of a build with the loading screen paints from its HTML alone: the loading screen, or on
 * a prerendered page the page itself, which its scripts then only hydrate. Chrome fetches module
 * scripts and modulepreloads at high priority, beside the document's own bytes on a slow
 * connection, and Lighthouse counts a high-priority script that arrived before the first paint as
 * holding it back. At low priority the document and the early profile request go first, and
 * nothing else is waiting for the scripts to overtake them (docs/benchmarks.md, "Lighthouse on a
 * phone").
 */
const scriptsAtLowPriority = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

/**
 * index.html as each page of the web app should get it, made and compressed once per build:
 * - with <link rel="modulepreload"> for the chunks that page needs beyond the entry
 *   (dist/.vite/route-preloads.json, written by the web build from web/src/app/route-modules.ts).
 *   The browser then fetches the page's code in the same round trip as the shell's instead of
 *   after the shell has run and asked for it;
 * - for `/`, with the landing page prerendered by the build (dist/.vite/prerendered.json) in place
 *   of the loading screen and its styles in <head>: a phone paints the page itself as soon as the
 *   HTML arrives, and the app then hydrates it (web/src/main.tsx). `data-prerendered` carries the
 *   year the footer shows;
 * - with its scripts at low priority wherever index.html has the loading screen.
 * Returns undefined only where there is nothing to change (no loading screen, and no preloads or
 * prerendered page for the path): those get index.html as it is.
 */
function pagesOf(dist: string): (pathname: string) => PageHtml | undefined {
  const viteDir = path.join(dist, '.vite');
  const preloads = readJson<RoutePreloads>(path.join(viteDir, ROUTE_PRELOADS_FILE)) ?? {};
  const prerendered = readJson<PrerenderedPages>(path.join(viteDir, PRERENDERED_FILE)) ?? {};
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const bootMarked = BOOT_SCREEN.test(index);
  const atPriority = (html: string) => (bootMarked ? scriptsAtLowPriority(html) : html);
  const pages = [...new Set([...Object.keys(preloads), ...Object.keys(prerendered)])].flatMap((pattern) => {
    const links = (preloads[pattern] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
    const page = bootMarked ? prerendered[pattern] : undefined;
    if (links.length === 0 && page === undefined) return [];
    let html = atPriority(index.replace('</head>', () => `${links.join('')}${page?.head ?? ''}</head>`));
    if (page) html = html.replace(BOOT_SCREEN, () => `<div id="root" data-prerendered="${page.year}">${page.body}`);
    // '/movie/:movieId' → /^\/movie\/[^/]+\/?$/ (the router also takes a trailing slash).
    const source = pattern.replace(/\//g, '\\/').replace(/:\w+/g, '[^/]+');
    return [{ match: new RegExp(`^${source}\\/?$`), html: encoded(html) }];
  });
  const otherPages = bootMarked ? encoded(atPriority(index)) : undefined;
  return (pathname) => pages.find((page) => page.match.test(pathname))?.html ?? otherPages;
}

/**
 * The pages, made again when the build's files change under a running server (`npm run build`
 * before a rolling restart): pages made from the old index.html would name chunks the new build
 * has deleted, and the app would not start in the browser until this process restarted.
 */
export function routePageHtml(dist: string): (pathname: string) => PageHtml | undefined {
  const files = [
    path.join(dist, 'index.html'),
    path.join(dist, '.vite', ROUTE_PRELOADS_FILE),
    path.join(dist, '.vite', PRERENDERED_FILE),
  ];
  const version = () => files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join();
  let built = version();
  let pages = pagesOf(dist);
  return (pathname) => {
    const now = version();
    if (now !== built) {
      try {
        pages = pagesOf(dist);
        built = now;
      } catch {
        // Mid-build (index.html gone, a file half written): the last pages until the build is whole.
      }
    }
    return pages(pathname);
  };
}

function encoded(html: string): PageHtml {
  const identity = Buffer.from(html);
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { identity, br, gzip: gzipSync(identity, { level: 9 }) };
}
