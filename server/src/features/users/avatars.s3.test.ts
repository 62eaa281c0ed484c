import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { createS3FileStore, type S3FileStore } from '../../lib/storage-s3';
import { freePort } from '../../reliability/support/wait';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories/user';
import { startTestS3, type TestS3 } from '../../test/s3-server';

// Avatars with S3_* set: stored in the bucket (docs/architecture.md "Uploaded files"),
// served by the app under the same URLs and headers as from the data folder.
let s3: TestS3;
let t: TestApp;
let local: TestApp;
let bucket: S3FileStore;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp(s3.env);
  local = await buildTestApp({}, t);
  bucket = createS3FileStore(s3.settings, 'avatars/');
});
afterAll(async () => {
  bucket?.close();
  await local?.close();
  await t?.close();
  await s3?.stop();
});

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();
const upload = async (app: TestApp, token: string, data: Buffer) => {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
  return app.injectAs(token, { method: 'POST', url: '/api/user/avatar', payload: form as unknown as string });
};
const inBucket = async (url: string) => (await bucket.open(path.basename(url))) !== undefined;

describe('avatars in an S3-compatible bucket', () => {
  it('stores the WebP in the bucket, serves it with the same headers, replaces and deletes it', async () => {
    expect(t.app.avatars.driver).toBe('s3');
    const { token } = await createUser(t.app);
    const res = await upload(t, token, await png(800, 600));
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar_url as string;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(await inBucket(url)).toBe(true);
    // Nothing in this process's data folder: another process could not serve it from there.
    expect(existsSync(path.join(t.dataDir, 'uploads', 'avatars', path.basename(url)))).toBe(false);

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(served.headers.etag).toMatch(/^".+"$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    // Not compressed again (WebP is), and HEAD answers the headers alone.
    const asked = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(asked.headers['content-encoding']).toBeUndefined();
    const head = await t.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-type'], head.rawPayload.length]).toEqual([200, 'image/webp', 0]);

    const second = await upload(t, token, await png(100, 100));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().avatar_url as string;
    expect(await inBucket(url)).toBe(false);
    expect(await inBucket(secondUrl)).toBe(true);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);

    const del = await t.injectAs(token, { method: 'DELETE', url: '/api/user/avatar' });
    expect(del.statusCode).toBe(200);
    expect(del.json().avatar_url).toBeNull();
    expect(await inBucket(secondUrl)).toBe(false);
    expect((await t.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
  });

  it('answers the same headers as the data-folder driver', async () => {
    const { token } = await createUser(local.app);
    const url = (await upload(local, token, await png(64, 64))).json().avatar_url as string;
    const fromFolder = await local.inject({ method: 'GET', url });
    const { token: other } = await createUser(t.app);
    const s3Url = (await upload(t, other, await png(64, 64))).json().avatar_url as string;
    const fromBucket = await t.inject({ method: 'GET', url: s3Url });
    for (const header of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy']) {
      expect([header, fromBucket.headers[header]]).toEqual([header, fromFolder.headers[header]]);
    }
  });

  it('a name that is not one the server makes, or is not there, is the 404 of a missing file', async () => {
    const missing = await t.inject({
      method: 'GET',
      url: '/uploads/avatars/00000000-0000-0000-0000-000000000000.webp',
    });
    const localMissing = await local.inject({
      method: 'GET',
      url: '/uploads/avatars/00000000-0000-0000-0000-000000000000.webp',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(localMissing.body);
    for (const url of ['/uploads/avatars/..%2Fjwt-secret', '/uploads/avatars/x.png', '/uploads/avatars/.x.webp']) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('a store that cannot be reached: uploads and avatars answer 503 with the error body, the avatar is unchanged', async () => {
    const env = { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    const down = await buildTestApp(env, t);
    const { user, token } = await createUser(down.app);
    const res = await upload(down, token, await png(64, 64));
    expect([res.statusCode, res.json()]).toEqual([
      503,
      { success: false, error: msg.common.unavailable, code: 'UNAVAILABLE' },
    ]);
    const profile = await down.injectAs(token, { method: 'GET', url: `/api/user/profile/${user.id}` });
    expect(profile.json().avatar_url ?? null).toBeNull();
    const served = await down.inject({
      method: 'GET',
      url: '/uploads/avatars/00000000-0000-0000-0000-000000000000.webp',
    });
    expect([served.statusCode, served.json().code]).toEqual([503, 'UNAVAILABLE']);
    await down.close();
  });
});
