import { text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../reliability/support/wait';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { UnavailableError } from './errors';
import { newUploadName } from './storage';
import { createS3Client, createS3FileStore, type S3FileStore } from './storage-s3';

// The S3 driver against a real S3-compatible server (s3rver) on loopback.
let s3: TestS3;
let store: S3FileStore;
beforeAll(async () => {
  s3 = await startTestS3();
  store = createS3FileStore(s3.settings, 'avatars/');
});
afterAll(async () => {
  store?.close();
  await s3?.stop();
});

const read = async (s: S3FileStore, name: string) => {
  const file = await s.open(name);
  return file && { ...file, text: await text(file.body) };
};

describe('createS3FileStore', () => {
  it('stores, replaces, reads and removes files under its prefix', async () => {
    const name = newUploadName();
    await store.put(name, Buffer.from('first'));
    expect(await read(store, name)).toMatchObject({ text: 'first', size: 5, etag: expect.stringMatching(/^".+"$/) });
    await store.put(name, Buffer.from('second!'));
    expect(await read(store, name)).toMatchObject({ text: 'second!', size: 7 });

    const client = createS3Client(s3.settings);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'avatars/' }));
    client.destroy();
    expect(listed.Contents?.map((o) => o.Key)).toContain(`avatars/${name}`);

    await store.remove(name);
    expect(await store.open(name)).toBeUndefined();
  });

  it('a file put through one process is read by another on the same bucket', async () => {
    const other = createS3FileStore(s3.settings, 'avatars/');
    const name = newUploadName();
    await store.put(name, Buffer.from('shared'));
    expect((await read(other, name))?.text).toBe('shared');
    await other.remove(name);
    expect(await store.open(name)).toBeUndefined();
    other.close();
  });

  it('removing or opening a missing file is fine', async () => {
    const name = newUploadName();
    await expect(store.remove(name)).resolves.toBeUndefined();
    await expect(store.open(name)).resolves.toBeUndefined();
  });

  it.each(['../escape.webp', 'a/b.webp', '.hidden.webp', 'x.png', ''])('refuses the name %j', async (name) => {
    await expect(store.put(name, Buffer.from('x'))).rejects.toThrow('Refused file name');
    await expect(store.remove(name)).rejects.toThrow('Refused file name');
    await expect(store.open(name)).rejects.toThrow('Refused file name');
  });

  it('checks its bucket: a missing one is refused', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const missing = createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket' }, 'avatars/');
    await expect(missing.check()).rejects.toThrow();
    // A 4xx is a setup problem, not an outage: not the retryable 503.
    const refused = await missing.put(newUploadName(), Buffer.from('x')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(UnavailableError);
    missing.close();
  });

  it('a store that cannot be reached is the 503 UnavailableError', async () => {
    const down = createS3FileStore({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` }, 'avatars/');
    for (const attempt of [
      () => down.put(newUploadName(), Buffer.from('x')),
      () => down.open(newUploadName()),
      () => down.remove(newUploadName()),
    ]) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as UnavailableError).statusCode).toBe(503);
    }
    down.close();
  });
});
