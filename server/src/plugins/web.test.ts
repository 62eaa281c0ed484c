import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
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

/** A web build of the test's own: index.html and, unless told otherwise, route-preloads.json. */
async function webDist(withPreloads: boolean): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'kinodost-web-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  if (withPreloads) {
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
  }
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

  it('unknown API paths still answer the JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
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
