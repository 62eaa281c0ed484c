import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createUser } from '../test/factories/user';

/** A page, an API answer, an error, an unknown API path and the API docs: every kind of answer. */
const URLS = ['/', '/dashboard', '/api/health', '/api/user/profile', '/api/no/such/thing', '/api/docs'];

/**
 * `upgrade-insecure-requests` and HSTS follow PUBLIC_URL (plugins/security-headers.ts): over plain
 * http a browser on another machine would otherwise move every asset to https and show nothing.
 */
describe.each([
  { publicUrl: 'http://kinodost.lan:5000', https: false },
  { publicUrl: 'https://kinodost.example', https: true },
])('security headers with PUBLIC_URL $publicUrl', ({ publicUrl, https }) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'kinodost-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    t = await buildTestApp({ PUBLIC_URL: publicUrl, WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(URLS)(`%s ${https ? 'carries' : 'leaves out'} upgrade-insecure-requests and HSTS`, async (url) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = String(res.headers['content-security-policy']);
    // The rest of the policy is there either way.
    expect(csp).toContain("default-src 'self'");
    if (https) {
      expect(csp).toMatch(/(^|;)\s*upgrade-insecure-requests\s*(;|$)/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } else {
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('caching of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('an API answer, a signed-in one or an error, may be kept by no shared cache; a route that may be kept says so', async () => {
    const member = await createUser(t.app);
    const answers = [
      await t.injectAs(member.token, { method: 'GET', url: '/api/user/profile' }),
      await t.injectAs(member.token, { method: 'GET', url: '/api/notifications' }),
      await t.inject({ method: 'GET', url: '/api/user/profile' }),
      await t.inject({ method: 'GET', url: '/api/films/search?q=film' }),
      await t.inject({ method: 'GET', url: '/api/no/such/thing' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 200, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await t.inject({ method: 'GET', url: '/api/site' })).headers['cache-control']).toBe('public, max-age=3600');
    expect(
      (await t.injectAs(member.token, { method: 'GET', url: '/api/export/kinodost.json' })).headers['cache-control'],
    ).toBe('no-store');
  });
});
