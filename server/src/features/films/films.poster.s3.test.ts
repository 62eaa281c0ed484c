import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore, type S3FileStore } from '../../lib/storage-s3';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMovie } from '../../test/factories/movie';
import { createUser } from '../../test/factories/user';
import { solidPng } from '../../test/images';
import { startTestS3, type TestS3 } from '../../test/s3-server';

// Posters with S3_* set: kept in the bucket under posters/ and served by the app under the same
// /uploads/posters/ URLs as from the data folder (docs/catalogue.md "Posters").
let s3: TestS3;
let t: TestApp;
let bucket: S3FileStore;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp(s3.env);
  bucket = createS3FileStore(s3.settings, 'posters/');
});
afterAll(async () => {
  bucket?.close();
  await t?.close();
  await s3?.stop();
});

const upload = async (token: string, filmId: string, data: Buffer) => {
  const form = new FormData();
  form.append('poster', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'poster.png');
  return t.injectAs(token, { method: 'POST', url: `/api/films/${filmId}/poster`, payload: form as unknown as string });
};

describe('posters in an S3-compatible bucket', () => {
  it('stores the WebP in the bucket, serves it, and removes the old one on replacing', async () => {
    expect(t.app.posters.driver).toBe('s3');
    const { user, token } = await createUser(t.app);
    const { filmId } = await createMovie(t.app, user.id, { title: 'Dəli Kür' });
    const res = await upload(token, filmId, await solidPng(1000, 1500));
    expect(res.statusCode).toBe(200);
    const url = res.json().poster_url as string;
    expect(url).toMatch(/^\/uploads\/posters\/[0-9a-f-]{36}\.webp$/);
    expect(await bucket.open(path.basename(url))).toBeDefined();
    expect(existsSync(path.join(t.dataDir, 'uploads', 'posters', path.basename(url)))).toBe(false);

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 780, 1170]);

    const again = await upload(token, filmId, await solidPng(600, 900));
    expect(again.statusCode).toBe(200);
    expect(await bucket.open(path.basename(url))).toBeUndefined();
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
