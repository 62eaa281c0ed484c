import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import {
  comments,
  films,
  friendships,
  idempotencyKeys,
  movies,
  newsletterReads,
  passwordResets,
} from '../db/schema/index';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { makeFriends } from '../test/factories/friendship';
import { createMovie } from '../test/factories/movie';
import { createNewsletter } from '../test/factories/newsletter';
import { createAdmin, createUser, FACTORY_PASSWORD } from '../test/factories/user';
import { writeBackup } from './backup';
import { BackupError, quoteIdent, TABLES } from './format';
import { NotEmptyError, restoreBackup } from './restore';

let source: TestApp;
let work: string;
let file: string;
const avatarName = `${randomBytes(8).toString('hex')}.webp`;
const avatarBytes = randomBytes(3000);
const posterName = `${randomBytes(8).toString('hex')}.webp`;
const posterBytes = randomBytes(5000);
let member: { username: string };

/** Every row of every table as PostgreSQL prints it (generated columns included), in key order. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const spec of TABLES) {
    const result = (await db.execute(
      sql.raw(`select t::text as row from ${quoteIdent(spec.name)} t order by ${spec.key.map(quoteIdent).join(', ')}`),
    )) as unknown as { rows: { row: string }[] };
    out[spec.name] = result.rows.map((r) => r.row);
  }
  return out;
}

const avatarsIn = (t: TestApp) => readdir(path.join(t.dataDir, 'uploads', 'avatars')).catch(() => [] as string[]);

beforeAll(async () => {
  source = await buildTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'kinodost-backup-test-'));
  file = path.join(work, 'kd.backup');
  const app = source.app;
  const admin = await createAdmin(app);
  const a = await createUser(app, { avatar: avatarName });
  const b = await createUser(app);
  const c = await createUser(app);
  member = a.user;
  await mkdir(path.join(source.dataDir, 'uploads', 'avatars'), { recursive: true });
  await writeFile(path.join(source.dataDir, 'uploads', 'avatars', avatarName), avatarBytes);
  const m1 = await createMovie(app, a.user.id, {
    title: 'Nağıl "ilə" \\ yol',
    year: 1999,
    genres: ['Dram', 'Elmi-fantastika', 'with, comma', '{brace}'],
    director: 'Rejissor Əliyev',
    overview: 'Çox sətirli\nmətn\ttab ilə',
    rating: 9,
    status: 'watched',
    watchedAt: new Date('2024-02-03T04:05:06.789Z'),
  });
  const m2 = await createMovie(app, b.user.id, { genres: [] });
  // One film's poster was uploaded to this server (a file to carry), another's is an address (not a file).
  await mkdir(path.join(source.dataDir, 'uploads', 'posters'), { recursive: true });
  await writeFile(path.join(source.dataDir, 'uploads', 'posters', posterName), posterBytes);
  await app.database.db
    .update(films)
    .set({ posterUrl: `/uploads/posters/${posterName}` })
    .where(eq(films.id, m1.filmId));
  await app.database.db
    .update(films)
    .set({ posterUrl: 'https://image.tmdb.org/t/p/w500/x.jpg' })
    .where(eq(films.id, m2.filmId));
  await app.database.db.insert(comments).values([
    {
      filmId: m1.filmId,
      movieId: m1.id,
      authorId: b.user.id,
      text: 'Əla!',
      status: 'approved',
      moderatedBy: admin.user.id,
      moderatedAt: new Date(),
    },
    { filmId: m2.filmId, movieId: m2.id, authorId: a.user.id, text: 'Gözləyir' },
  ]);
  await makeFriends(app, a.user.id, b.user.id);
  await app.database.db.insert(friendships).values({
    requesterId: c.user.id,
    addresseeId: a.user.id,
  });
  const n1 = await createNewsletter(app, { authorId: admin.user.id, isImportant: true });
  await createNewsletter(app);
  await app.database.db.insert(newsletterReads).values([
    { newsletterId: n1.id, userId: a.user.id },
    { newsletterId: n1.id, userId: b.user.id },
  ]);
  await app.database.db.insert(passwordResets).values({
    userId: c.user.id,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 3600e3),
  });
  await writeBackup(source.database, source.dataDir, file);
});

afterAll(async () => {
  await source.close();
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let target: TestApp;
  beforeAll(async () => {
    target = await buildTestApp();
  });
  afterAll(() => target.close());

  it('restores every row and the avatar and poster bytes into a fresh database', async () => {
    const summary = await restoreBackup(target.database, target.dataDir, file);
    expect(summary.rows).toMatchObject({ users: 4, movies: 2, comments: 2, friendships: 2, newsletter_reads: 2 });
    expect(summary.files).toBe(2);
    const before = await snapshot(source.database.db);
    expect(before.users).toHaveLength(4);
    expect(await snapshot(target.database.db)).toEqual(before);
    expect(await readFile(path.join(target.dataDir, 'uploads', 'avatars', avatarName))).toEqual(avatarBytes);
    expect(await readdir(path.join(target.dataDir, 'uploads', 'posters'))).toEqual([posterName]);
    expect(await readFile(path.join(target.dataDir, 'uploads', 'posters', posterName))).toEqual(posterBytes);
    // The restored film and its entry name it, and the server serves it.
    const named = await target.database.db
      .select({ poster: movies.posterUrl })
      .from(movies)
      .where(sql`${movies.posterUrl} like '/uploads/posters/%'`);
    expect(named).toEqual([{ poster: `/uploads/posters/${posterName}` }]);
    const served = await target.inject({ method: 'GET', url: `/uploads/posters/${posterName}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(posterBytes);
    expect((await readdir(path.join(target.dataDir, 'uploads'))).filter((f) => f.startsWith('.restore'))).toEqual([]);
  });

  it('carries the password hashes: the original password signs in on the restored app', async () => {
    const res = await target.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const profile = await target.injectAs(res.json().token, { method: 'GET', url: '/api/user/profile' });
    expect(profile.json().avatar_url).toBe(`/uploads/avatars/${avatarName}`);
    const served = await target.inject({ method: 'GET', url: `/uploads/avatars/${avatarName}` });
    expect(served.rawPayload).toEqual(avatarBytes);
  });

  it('refuses a database that holds data unless forced, and --force replaces it', async () => {
    await createMovie(target.app, (await createUser(target.app)).user.id);
    const occupied = await snapshot(target.database.db);
    await expect(restoreBackup(target.database, target.dataDir, file)).rejects.toBeInstanceOf(NotEmptyError);
    expect(await snapshot(target.database.db)).toEqual(occupied);
    // A POST's kept answer speaks of the data being replaced: a repeat must not answer it again.
    const creator = await createUser(target.app);
    const created = await target.injectAs(creator.token, {
      method: 'POST',
      url: '/api/movies',
      headers: { 'idempotency-key': 'before-restore' },
      payload: { title: 'Bərpadan əvvəl' },
    });
    expect(created.statusCode).toBe(201);
    await restoreBackup(target.database, target.dataDir, file, { force: true });
    expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
    expect(await target.database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('refuses a truncated, corrupted or incomplete file and changes nothing, even with --force', async () => {
    await createUser(target.app); // the target differs from the backup, so a half-done restore would show
    const before = await snapshot(target.database.db);
    const avatarsBefore = await avatarsIn(target);
    const bytes = await readFile(file);
    const plain = gunzipSync(bytes).toString('utf8').split('\n');
    const damaged: Record<string, Buffer> = {
      truncated: bytes.subarray(0, Math.floor(bytes.length * 0.7)),
      corrupted: Buffer.from(bytes.map((v, i) => (i === Math.floor(bytes.length / 2) ? v ^ 0xff : v))),
      'no trailer': gzipSync(plain.slice(0, -2).join('\n').concat('\n')),
      'cut mid-line': gzipSync(plain.join('\n').slice(0, -40)),
      // A comment whose movie is not in the backup: the database refuses it after earlier rows went in.
      'bad row': gzipSync(
        plain
          .map((l) =>
            l.startsWith('{"t":"comments"')
              ? l.replace(/"movie_id": ?"[0-9a-f-]+"/, `"movie_id": "${crypto.randomUUID()}"`)
              : l,
          )
          .join('\n'),
      ),
      'not a backup': gzipSync('{"hello":"world"}\n'),
      'not gzip': Buffer.from('plain text\n'),
    };
    for (const [what, data] of Object.entries(damaged)) {
      const broken = path.join(work, `${what}.backup`);
      await writeFile(broken, data);
      const attempt = restoreBackup(target.database, target.dataDir, broken, { force: true });
      await expect(attempt, what).rejects.toBeInstanceOf(BackupError);
      if (what === 'bad row') await expect(attempt).rejects.toThrow(/refused a row of comments/);
      expect(await snapshot(target.database.db), what).toEqual(before);
      expect(await avatarsIn(target), what).toEqual(avatarsBefore);
    }
    expect((await readdir(path.join(target.dataDir, 'uploads'))).filter((f) => f.startsWith('.restore'))).toEqual([]);
  });

  it('fills the look-alike keys of users that a backup from before migration 0010 lacks', async () => {
    const older = path.join(work, 'before-0010.backup');
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n')
      .map((line, i) => {
        if (i > 0 && !line.startsWith('{"t":"users"')) return line;
        const record = JSON.parse(line);
        if (i === 0) {
          record.migrations = record.migrations.filter((m: { tag: string }) => m.tag < '0010');
          record.tables.users = record.tables.users.filter((c: string) => c !== 'username_skeleton');
        } else delete record.r.username_skeleton;
        return JSON.stringify(record);
      });
    expect(lines.join('\n')).not.toMatch(/username_skeleton/);
    await writeFile(older, gzipSync(lines.join('\n')));
    await restoreBackup(target.database, target.dataDir, older, { force: true });
    expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
  });

  it('a fresh install restores the backup of a restored one to the same rows (the dump is stable)', async () => {
    const again = path.join(work, 'again.backup');
    const other = await buildTestApp();
    try {
      await restoreBackup(other.database, other.dataDir, file);
      await writeBackup(other.database, other.dataDir, again);
      const strip = (b: Buffer) => gunzipSync(b).toString('utf8').split('\n').slice(1).join('\n');
      expect(strip(await readFile(again))).toEqual(strip(await readFile(file)));
    } finally {
      await other.close();
    }
  });
});
