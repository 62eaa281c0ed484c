import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRERENDERED_FILE, type PrerenderedPages, ROUTE_PRELOADS_FILE } from '@kinodost/contracts/web-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

const INDEX = '<!doctype html><html><head><title>KinoDost</title></head><body><div id="root"></div></body></html>';
const PRELOADS = {
  '/': [],
  '/dashboard': ['/assets/dashboard-page-1.js', '/assets/common-2.js'],
  '/movie/:movieId': ['/assets/movie-page-3.js'],
};
const links = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');

/** A web build of the test's own: `index`, route-preloads.json when asked and the `prerendered` pages if any. */
async function webDist(withPreloads: boolean, index = INDEX, prerendered?: PrerenderedPages): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'kinodost-web-'));
  await writeFile(path.join(dist, 'index.html'), index);
  await mkdir(path.join(dist, '.vite'));
  if (withPreloads) await writeFile(path.join(dist, '.vite', ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  if (prerendered) await writeFile(path.join(dist, '.vite', PRERENDERED_FILE), JSON.stringify(prerendered));
  return dist;
}

describe('the web app: index.html with each page’s chunks to preload', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await webDist(true);
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/dashboard', '/dashboard/', '/dashboard?from=menu'])('%s names the dashboard chunks', async (url) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX.replace('</head>', `${links(PRELOADS['/dashboard'])}</head>`));
  });

  it('a pattern with a parameter matches one path segment only', async () => {
    const movie = await t.inject({ method: 'GET', url: '/movie/0b5c2c1e-7f1e-4d55-9d0a-7c2d8b9e1f00' });
    expect(movie.body).toContain(links(PRELOADS['/movie/:movieId']));
    const deeper = await t.inject({ method: 'GET', url: '/movie/abc/comments' });
    expect(deeper.statusCode).toBe(200);
    expect(deeper.body).toBe(INDEX);
  });

  it('paths no route has, and routes with nothing to preload, get index.html as it is', async () => {
    for (const url of ['/', '/no/such/page', '/dashboards']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

  it('is compressed for a browser that accepts brotli, and answers HEAD', async () => {
    const res = await t.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(links(PRELOADS['/dashboard']));
    const head = await t.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('a page’s form sent without scripts gets the page back by GET, never the password in an address', async () => {
    for (const [url, to] of [
      ['/login', '/login'],
      ['/login?expired=true', '/login?expired=true'],
      ['//evil.example/x', '/evil.example/x'],
      ['///evil.example', '/evil.example'],
    ]) {
      const res = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=ali&password=Gizli-parol-1',
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(to);
      expect(res.body).not.toContain('Gizli');
    }
    const api = await t.inject({ method: 'POST', url: '/api/no-such', payload: {} });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('unknown API paths still answer the JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('a web build made again under a running server', () => {
  it('serves the new build’s pages, and the last whole ones while a build is half written', async () => {
    const dist = await webDist(true);
    const t = await buildTestApp({ WEB_DIST: dist });
    try {
      expect((await t.inject({ method: 'GET', url: '/dashboard' })).body).toContain('common-2.js');
      const later = new Date(Date.now() + 60_000);
      // A build in progress: index.html deleted, the preloads half written.
      await rm(path.join(dist, 'index.html'));
      await writeFile(path.join(dist, '.vite', ROUTE_PRELOADS_FILE), '{"/dashboard": [');
      await utimes(path.join(dist, '.vite', ROUTE_PRELOADS_FILE), later, later);
      const during = await t.inject({ method: 'GET', url: '/dashboard' });
      expect(during.statusCode).toBe(200);
      expect(during.body).toContain('common-2.js');
      // The build done: a new index.html and new chunk names.
      await writeFile(path.join(dist, 'index.html'), INDEX.replace('<title>', '<title>v2 '));
      await writeFile(
        path.join(dist, '.vite', ROUTE_PRELOADS_FILE),
        JSON.stringify({ '/dashboard': ['/assets/common-9.js'] }),
      );
      await utimes(path.join(dist, '.vite', ROUTE_PRELOADS_FILE), later, new Date(later.getTime() + 1000));
      const after = await t.inject({ method: 'GET', url: '/dashboard' });
      expect(after.body).toBe(
        INDEX.replace('<title>', '<title>v2 ').replace('</head>', `${links(['/assets/common-9.js'])}</head>`),
      );
      expect((await t.inject({ method: 'GET', url: '/no/such/page' })).body).toContain('<title>v2 ');
    } finally {
      await t.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('a web build without route-preloads.json', () => {
  it('serves index.html as it is on every page', async () => {
    const dist = await webDist(false);
    const t = await buildTestApp({ WEB_DIST: dist });
    try {
      const res = await t.inject({ method: 'GET', url: '/dashboard' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await t.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('the landing page prerendered by the web build', () => {
  // index.html as the web build writes it: the loading screen between boot comments.
  const BOOT_INDEX =
    '<!doctype html><html><head><title>KinoDost</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-vendor-2.js"></head>' +
    '<body><div id="root"><!--boot--><div class="boot">KinoDost</div><!--/boot--></div></body></html>';
  // `$&` and `$'` would mean something to String.replace: the markup must go in as it is.
  const LANDING = {
    head: '<style data-emotion="css a1">.css-a1::after{content:"$&"}</style>',
    body: "<main>$& and $'</main>",
    year: 2026,
  };
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await webDist(true, BOOT_INDEX, { '/': LANDING });
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/?ref=mail'])(
    '%s gets the page in place of the loading screen, its styles in <head> and its scripts at low priority',
    async (url) => {
      const res = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(
        '<!doctype html><html><head><title>KinoDost</title><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>' +
          '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-vendor-2.js">' +
          '<style data-emotion="css a1">.css-a1::after{content:"$&"}</style></head>' +
          '<body><div id="root" data-prerendered="2026"><main>$& and $\'</main></div></body></html>',
      );
    },
  );

  it('other pages keep the loading screen, with their own preloads, and their scripts at low priority', async () => {
    const low = (html: string) =>
      html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    const res = await t.inject({ method: 'GET', url: '/dashboard' });
    expect(res.body).toBe(low(BOOT_INDEX.replace('</head>', `${links(PRELOADS['/dashboard'])}</head>`)));
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/common-2.js">');
    for (const url of ['/no/such/page', '/reset-password/abc']) {
      const other = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(other.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(other.rawPayload).toString()).toBe(low(BOOT_INDEX));
      expect(other.headers['cache-control']).toBe('no-cache');
    }
  });

  it('an index.html without the boot comments is left whole (no styles without their markup)', async () => {
    const plain = await webDist(false, INDEX, { '/': LANDING });
    const app = await buildTestApp({ WEB_DIST: plain });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX);
    } finally {
      await app.close();
      await rm(plain, { recursive: true, force: true });
    }
  });
});
