/**
 * The KinoDost backup file: one gzip stream (node:zlib) of newline-delimited JSON.
 *
 *   line 1      the manifest: {"format":"kinodost-backup","version":1,"kind":"pglite"|"postgres",
 *               "created_at":"<ISO time>","migrations":[{"tag":"0000_init","created_at":<ms>},...],
 *               "tables":{"users":["id","username",...],...},  (the columns each table's rows carry)
 *               "uploads":{"stored":"included"}  or, with S3 storage,
 *               "uploads":{"stored":"s3","endpoint":"https://…","bucket":"…"}}  (see Uploads below)
 *   then        one line per row, tables in dependency order (TABLES below):
 *               {"t":"users","r":{"id":"…","username":"…","created_at":"2026-11-22T01:53:22.123456+00:00",…}}
 *               Rows are PostgreSQL's own to_jsonb() of the real columns (generated ones left out),
 *               so timestamps keep their microseconds and the dump is the same from PGlite and PostgreSQL;
 *               restore reads them back with jsonb_populate_recordset(), on either.
 *   then        one line per uploaded file the rows name (none when they are in S3): each avatar
 *               a users row names, then each poster uploaded to this server that a films row's
 *               poster_url names (/uploads/posters/<name>.webp; other addresses are not files):
 *               {"f":"uploads/avatars/<name>.webp","b64":"<file bytes, base64>"}
 *               {"f":"uploads/posters/<name>.webp","b64":"…"}
 *   last line   the trailer: {"end":{"rows":{"users":12,…},"files":3}}
 *
 * Why not tar: Node 20 has no tar and the project has no tar dependency; this format needs
 * only node:zlib, is written and read as a stream (one line in memory at a time: avatars are
 * small WebP files of at most 512 px, posters of at most 780 px wide), and can be inspected with `zcat file | head -1`.
 * A file that is cut short or damaged fails gzip's length and CRC check or misses the trailer,
 * and restore then refuses it before committing anything.
 *
 * Uploads: an install that keeps its uploaded files in an S3-compatible bucket (S3_* settings,
 * docs/architecture.md "Uploaded files") writes no file lines; the manifest names the bucket,
 * which is backed up with the store's own tools. Backups without "uploads" hold their files.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  activities,
  blocks,
  comments,
  films,
  friendships,
  movies,
  newsletterReads,
  newsletters,
  notifications,
  passwordResets,
  searchWords,
  users,
} from '../db/schema/index';
import { migrationsFolder } from '../paths';

export const BACKUP_FORMAT = 'kinodost-backup';
export const BACKUP_VERSION = 1;

/** A backup file that cannot be restored; the message says why. */
export class BackupError extends Error {}

export interface TableSpec {
  name: string;
  table: PgTable;
  /** Primary key columns, for paging through the table in a stable order. */
  key: string[];
}

/** Every table, parents before children (the order rows are written and restored in). */
export const TABLES: TableSpec[] = [
  { name: 'users', table: users, key: ['id'] },
  { name: 'password_resets', table: passwordResets, key: ['id'] },
  { name: 'films', table: films, key: ['id'] },
  { name: 'movies', table: movies, key: ['id'] },
  { name: 'search_words', table: searchWords, key: ['word'] },
  { name: 'comments', table: comments, key: ['id'] },
  { name: 'friendships', table: friendships, key: ['id'] },
  { name: 'blocks', table: blocks, key: ['blocker_id', 'blocked_id'] },
  { name: 'newsletters', table: newsletters, key: ['id'] },
  { name: 'newsletter_reads', table: newsletterReads, key: ['newsletter_id', 'user_id'] },
  { name: 'activities', table: activities, key: ['id'] },
  { name: 'notifications', table: notifications, key: ['id'] },
];

/** The stored (not generated) columns of a table, by their SQL names. */
export const realColumns = (table: PgTable): string[] =>
  Object.values(getTableColumns(table))
    .filter((c) => !(c as { generated?: unknown }).generated)
    .map((c) => c.name);

/** The generated columns, which a row never carries. */
export const generatedColumns = (table: PgTable): string[] =>
  Object.values(getTableColumns(table))
    .filter((c) => (c as { generated?: unknown }).generated)
    .map((c) => c.name);

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export interface MigrationMark {
  tag: string;
  created_at: number;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  kind: 'pglite' | 'postgres';
  created_at: string;
  migrations: MigrationMark[];
  tables: Record<string, string[]>;
  /** Where the uploaded files are; absent in backups that predate it, which hold their files. */
  uploads?: Uploads;
}

/** The uploaded files are in this backup, or were left in an S3 bucket. */
export type Uploads = { stored: 'included' } | { stored: 's3'; endpoint: string; bucket: string };

export interface Trailer {
  rows: Record<string, number>;
  files: number;
}

/** Where avatars live in the data folder, and their names inside a backup. */
export const AVATAR_DIR = path.join('uploads', 'avatars');
export const AVATAR_PREFIX = 'uploads/avatars/';
/** The names the server gives avatar files (lib/storage.ts): nothing can climb out of the folder. */
export const SAFE_AVATAR_NAME = /^[a-zA-Z0-9_-]+\.webp$/;

/**
 * The kinds of uploaded files a backup carries: where each lives in the data folder, its name
 * inside a backup, and its store (lib/open-file-store.ts) when restored.
 */
export const UPLOAD_KINDS = {
  avatars: { dir: AVATAR_DIR, prefix: AVATAR_PREFIX },
  posters: { dir: path.join('uploads', 'posters'), prefix: 'uploads/posters/' },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The kind and name of a backup's file record (`uploads/<kind>/<name>.webp`), or undefined for any other path. */
export const uploadOf = (f: string): { kind: UploadKind; name: string } | undefined => {
  for (const [kind, { prefix }] of Object.entries(UPLOAD_KINDS) as [UploadKind, { prefix: string }][]) {
    if (!f.startsWith(prefix)) continue;
    const name = f.slice(prefix.length);
    return SAFE_AVATAR_NAME.test(name) ? { kind, name } : undefined;
  }
  return undefined;
};

/** Where a film's uploaded poster is served (features/films/films.service.ts POSTER_PATH). */
export const POSTER_URL_PREFIX = '/uploads/posters/';

/** The migrations applied to a database, named by the tags of the committed journal. */
export async function appliedMigrations(db: Db): Promise<MigrationMark[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  const result = (await db.execute(
    sql.raw('select created_at from drizzle.__drizzle_migrations order by created_at'),
  )) as unknown as { rows: { created_at: string | number }[] };
  return result.rows.map((r) => {
    const when = Number(r.created_at);
    return { tag: tags.get(when) ?? `unknown-${when}`, created_at: when };
  });
}

/** The lines of a gzipped file, one at a time; rejects if the file is cut short or damaged. */
export async function* readLines(file: string, maxLine = 32 * 1024 * 1024): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let start = 0;
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n', start)) {
        yield pending.slice(start, nl);
        start = nl + 1;
      }
      pending = pending.slice(start);
      if (pending.length > maxLine) throw new BackupError('a line of the backup is too long: not a KinoDost backup');
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw err;
    throw new BackupError(`the backup file is damaged or cut short (${(err as Error).message})`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  pending += decoder.end();
  if (pending !== '') throw new BackupError('the backup file is cut short (its last line is incomplete)');
}
