import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One page's index.html, ready in each encoding a browser may accept. */
export interface PageHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * index.html as each page of the web app should get it: with <link rel="modulepreload"> for the
 * chunks that page needs beyond the entry (dist/.vite/route-preloads.json, written by the web
 * build from web/src/app/route-modules.ts). The browser then fetches the page's code in the same
 * round trip as the shell's instead of after the shell has run and asked for it; on a slow phone
 * link that is about half a second of a first view. Made once, compressed once, at startup.
 * Returns undefined for paths no route pattern matches, for pages with nothing to add and for
 * builds without the file: those get index.html as it is.
 */
export function routePageHtml(dist: string): (pathname: string) => PageHtml | undefined {
  const preloadsFile = path.join(dist, '.vite', 'route-preloads.json');
  if (!existsSync(preloadsFile)) return () => undefined;
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as Record<string, string[]>;
  const pages = Object.entries(preloads)
    .filter(([, files]) => files.length > 0)
    .map(([pattern, files]) => {
      // '/movie/:movieId' → /^\/movie\/[^/]+\/?$/ (the router also takes a trailing slash).
      const source = pattern.replace(/\//g, '\\/').replace(/:\w+/g, '[^/]+');
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      const identity = Buffer.from(index.replace('</head>', `${links}</head>`));
      const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return { match: new RegExp(`^${source}\\/?$`), html: { identity, br, gzip: gzipSync(identity, { level: 9 }) } };
    });
  return (pathname) => pages.find((page) => page.match.test(pathname))?.html;
}
