import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMovie } from '../test/factories/movie';
import { createUser, type FactoryUser } from '../test/factories/user';

describe('compressed answers (plugins/compression.ts)', () => {
  let t: TestApp;
  let me: FactoryUser;
  let plain: string;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await createUser(t.app);
    for (let i = 0; i < 20; i++) await createMovie(t.app, me.user.id, { director: 'Rejissor', year: 1990 + i });
    const res = await t.injectAs(me.token, { method: 'GET', url: '/api/movies' });
    plain = res.body;
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(plain.length).toBeGreaterThan(1024);
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding: string) =>
    t.injectAs(me.token, { method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends a page of movies as brotli when accepted, else gzip, and says it varies by Accept-Encoding', async () => {
    const br = await get('/api/movies', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 2);

    const gzip = await get('/api/movies', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('leaves answers under 1 KB and clients that accept no encoding alone', async () => {
    const small = await get('/api/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const identity = await get('/api/movies', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('leaves the response cache the plain text beside its compressed forms: a cached answer goes out like a fresh one', async () => {
    t.app.responseCache?.clear();
    const first = await get('/api/movies?page=1', 'br');
    expect(t.app.responseCache?.get(`${me.user.id} /api/movies?page=1`)?.body.toString()).toBe(plain);
    const second = await get('/api/movies?page=1', 'br');
    const third = await t.injectAs(me.token, { method: 'GET', url: '/api/movies?page=1' });
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(plain);
    expect(third.body).toBe(plain);
  });
});
