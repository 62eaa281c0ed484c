import { afterEach, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it('GET /api/site answers the footer links set with SOCIAL_*, KinoDost’s own when unset, null for none', async () => {
  t = await buildTestApp({
    SOCIAL_INSTAGRAM: 'https://www.instagram.com/bizimkino',
    SOCIAL_FACEBOOK: 'none',
  });
  const res = await t.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  expect(res.json()).toEqual({
    social: { instagram: 'https://www.instagram.com/bizimkino', facebook: null, x: 'https://x.com/kinodost' },
    tmdb: false,
  });
});

it('GET /api/site says whether members can find films on TMDB: only with TMDB_API_KEY set', async () => {
  t = await buildTestApp({ TMDB_API_KEY: 'k'.repeat(32) });
  expect((await t.inject({ method: 'GET', url: '/api/site' })).json().tmdb).toBe(true);
});

it('a social link must be an https address', () => {
  expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(64), SOCIAL_FACEBOOK: 'http://facebook.com/k' }, '/tmp')).toThrow(
    new ConfigError('SOCIAL_FACEBOOK must start with https://'),
  );
});
