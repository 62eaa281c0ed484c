import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMovie } from '../test/factories/movie';
import { createAdmin, createUser } from '../test/factories/user';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';

// Backups of an install whose uploads are in an S3 bucket (format.ts "Uploads"): the file holds
// the rows and says where the files are; restore works either way, and puts files into S3 when
// the target install keeps them there.
let s3: TestS3;
let work: string;
beforeAll(async () => {
  s3 = await startTestS3();
  work = await mkdtemp(path.join(tmpdir(), 'kinodost-backup-s3-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(work, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#009688' } })
    .png()
    .toBuffer();
async function withAvatar(t: TestApp) {
  const { user, token } = await createUser(t.app);
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
  const res = await t.injectAs(token, { method: 'POST', url: '/api/user/avatar', payload: form as unknown as string });
  expect(res.statusCode).toBe(200);
  return { user, url: res.json().avatar_url as string };
}
/** A member film of `ownerId` with a poster uploaded through POST /api/films/{id}/poster; answers its URL. */
async function withPoster(t: TestApp, ownerId: string) {
  const entry = await createMovie(t.app, ownerId, { title: 'Bizim həyət' });
  const admin = await createAdmin(t.app);
  const form = new FormData();
  form.append('poster', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
  const res = await t.injectAs(admin.token, {
    method: 'POST',
    url: `/api/films/${entry.filmId}/poster`,
    payload: form as unknown as string,
  });
  expect(res.statusCode).toBe(200);
  return res.json().poster_url as string;
}
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
const served = async (t: TestApp, url: string) => (await t.inject({ method: 'GET', url })).statusCode;

describe('backup with S3 storage', () => {
  it('holds the rows but no files, says which bucket has them, and restores on S3 or on a folder', async () => {
    const source = await buildTestApp(s3.env);
    const { url } = await withAvatar(source);
    const file = path.join(work, 'from-s3.backup');
    const summary = await writeBackup(source.database, source.dataDir, file, { s3: source.app.config.s3 });
    expect(summary.uploads).toEqual({ stored: 's3', endpoint: s3.settings.endpoint, bucket: s3.settings.bucket });
    expect(summary.files).toBe(0);
    const lines = linesOf(file);
    expect(JSON.parse(lines[0] ?? '{}').uploads).toEqual(summary.uploads);
    expect(lines.some((l) => l.startsWith('{"f":'))).toBe(false);

    // Into an install on the same bucket: the avatar is served again.
    const onBucket = await buildTestApp(s3.env);
    const restored = await restoreBackup(onBucket.database, onBucket.dataDir, file, { avatars: onBucket.app.avatars });
    expect(restored.manifest.uploads).toEqual(summary.uploads);
    expect(restored.rows.users).toBe(summary.rows.users);
    expect(await served(onBucket, url)).toBe(200);
    // Into an install on a folder: the rows are back, nothing breaks (the files are in the bucket).
    const onFolder = await buildTestApp();
    expect((await restoreBackup(onFolder.database, onFolder.dataDir, file)).rows.users).toBe(summary.rows.users);
    for (const t of [onFolder, onBucket, source]) await t.close();
  });

  it('a backup that holds its files, restored into an S3 install, puts them into the bucket', async () => {
    const source = await buildTestApp();
    const { user, url } = await withAvatar(source);
    const posterUrl = await withPoster(source, user.id);
    const file = path.join(work, 'from-folder.backup');
    const summary = await writeBackup(source.database, source.dataDir, file);
    expect([summary.uploads, summary.files]).toEqual([{ stored: 'included' }, 2]);

    const target = await buildTestApp(s3.env);
    expect(await served(target, url)).toBe(404);
    expect(await served(target, posterUrl)).toBe(404);
    await restoreBackup(target.database, target.dataDir, file, {
      avatars: target.app.avatars,
      posters: target.app.posters,
    });
    expect(await target.app.avatars.open(path.basename(url))).toBeDefined();
    expect(await target.app.posters.open(path.basename(posterUrl))).toBeDefined();
    for (const address of [url, posterUrl]) {
      const answer = await target.inject({ method: 'GET', url: address });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload).toEqual((await source.inject({ method: 'GET', url: address })).rawPayload);
    }
    for (const t of [target, source]) await t.close();
  });
});

describe('the backup and restore commands with S3', () => {
  const run = promisify(execFile);
  const tsx = import.meta.resolve('tsx');
  const cli = (name: string, args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', tsx, path.join(import.meta.dirname, '..', 'cli', `${name}.ts`), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });

  it('say that the uploads are in the bucket and not in the file', { timeout: 120_000 }, async () => {
    const file = path.join(work, 'cli.backup');
    const backup = await cli('backup', [file], { DATA_DIR: path.join(work, 'cli-source'), ...s3.env });
    expect(backup.stdout).toContain(
      `Uploaded files are in the S3 bucket ${s3.settings.bucket} at ${s3.settings.endpoint} and are not included in this backup`,
    );
    const restore = await cli('restore', [file], { DATA_DIR: path.join(work, 'cli-target') });
    expect(restore.stdout).toContain(
      `The backup holds no uploaded files: they are in the S3 bucket ${s3.settings.bucket} at ${s3.settings.endpoint}; point the S3_* settings at that bucket`,
    );
  });
});
