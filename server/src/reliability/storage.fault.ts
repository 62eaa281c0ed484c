import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { type Nginx, startNginx } from './nginx/nginx-process';
import { type AppProcess, startApp, stopApp } from './support/app-process';
import { register } from './support/http';
import { createSuiteDatabase, type SuiteDatabase } from './support/postgres';
import { tempDir } from './support/wait';

/**
 * Uploaded files across processes (docs/reliability.md "Avatars on every process"): two
 * app processes with SEPARATE data folders on one PostgreSQL database and one S3-compatible
 * bucket (s3rver, started here), behind Debian's nginx with the README's round-robin config.
 * An avatar uploaded through either is served 200, byte for byte, by both, request after
 * request; a replaced or deleted one is gone from both.
 */

const ROUNDS = 40;

let database: SuiteDatabase | undefined;
let s3: TestS3;
let nginx: Nginx;
const dataDirs: Awaited<ReturnType<typeof tempDir>>[] = [];
const apps: AppProcess[] = [];

beforeAll(async () => {
  database = await createSuiteDatabase('kinodost_storage');
  s3 = await startTestS3('kinodost-fault');
  // One after the other: the first runs the migrations. Each has a data folder of its own.
  for (const tag of ['storage-a', 'storage-b']) {
    const dataDir = await tempDir(tag);
    dataDirs.push(dataDir);
    apps.push(
      await startApp({ ...s3.env, DATABASE_URL: database.url, DATA_DIR: dataDir.path, TRUST_PROXY: '127.0.0.1' }),
    );
  }
  nginx = await startNginx([apps[0]?.port ?? 0, apps[1]?.port ?? 0]);
});

afterAll(async () => {
  await Promise.all(apps.map((a) => stopApp(a, 'SIGTERM')));
  await nginx?.stop();
  await s3?.stop();
  for (const dir of dataDirs) await dir.remove();
  await database?.drop();
});

const png = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

async function uploadAvatar(base: string, token: string, image: Buffer): Promise<string> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${base}/api/user/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { avatar_url?: string };
  expect([res.status, body]).toEqual([200, expect.objectContaining({ avatar_url: expect.any(String) })]);
  return body.avatar_url as string;
}

async function get(base: string, url: string) {
  const res = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Statuses (and the bytes of each 200) of `url` fetched ROUNDS times through nginx, per app port that answered. */
async function throughNginx(url: string) {
  const before = (await nginx.accessLog()).length;
  const answers = [];
  for (let i = 0; i < ROUNDS; i++) answers.push(await get(nginx.url, url));
  const lines = (await nginx.accessLog()).slice(before).filter((l) => l.request.includes(url));
  const ports = new Set(lines.map((l) => l.upstreamPorts.at(-1)));
  return { answers, ports };
}

it('an avatar uploaded through one process is served by both, every time; replaced or deleted, by neither', async () => {
  const [a, b] = apps as [AppProcess, AppProcess];
  const member = await register(nginx.url, 'st');

  // Uploaded straight to process A, then asked for through nginx, which alternates A and B.
  const url = await uploadAvatar(a.url, member.token, await png('#3f51b5'));
  const { answers, ports } = await throughNginx(url);
  expect(ports).toEqual(new Set([a.port, b.port]));
  const first = answers[0]?.bytes ?? Buffer.alloc(0);
  expect((await sharp(first).metadata()).format).toBe('webp');
  expect(answers.map((r) => r.status)).toEqual(Array(ROUNDS).fill(200));
  expect(answers.every((r) => r.type === 'image/webp' && r.bytes.equals(first))).toBe(true);
  for (const app of apps) expect((await get(app.url, url)).bytes.equals(first)).toBe(true);

  // Replaced through B: the old name is gone from both processes, the new one served by both.
  const replaced = await uploadAvatar(b.url, member.token, await png('#e91e63'));
  expect(replaced).not.toBe(url);
  for (const app of apps) {
    expect((await get(app.url, url)).status).toBe(404);
    expect((await get(app.url, replaced)).status).toBe(200);
  }
  const again = await throughNginx(replaced);
  expect(again.answers.map((r) => r.status)).toEqual(Array(ROUNDS).fill(200));

  // Deleted through nginx: neither process serves it any more.
  const del = await fetch(`${nginx.url}/api/user/avatar`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(del.status).toBe(200);
  for (const app of apps) expect((await get(app.url, replaced)).status).toBe(404);
});
