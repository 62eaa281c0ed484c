/**
 * Writes a backup of the database and the uploaded files, avatars and posters (format:
 * ./format.ts); with S3 storage, of the database only, the manifest naming the bucket that
 * holds the files.
 *
 * The rows are read in one repeatable-read, read-only transaction, so they are one
 * consistent snapshot even while a server on PostgreSQL keeps writing; the file is
 * written beside its final name and renamed only when complete.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Manifest,
  POSTER_URL_PREFIX,
  quoteIdent,
  realColumns,
  SAFE_AVATAR_NAME,
  TABLES,
  type Trailer,
  UPLOAD_KINDS,
  type UploadKind,
  type Uploads,
} from './format';

export interface BackupSummary extends Trailer {
  bytes: number;
  uploads: Uploads;
  /** Uploads a row names but whose file is missing (left out, with the row kept), as `avatars/<name>`. */
  missingFiles: string[];
}

const PAGE = 1000;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows).rows;

export interface BackupOptions {
  /** The bucket the uploads are in (config.s3): then the backup holds no files. */
  s3?: { endpoint: string; bucket: string };
}

/** Backs up `database` and the avatars and posters in `dataDir` (or in S3) into `file` (replaced if it exists). */
export async function writeBackup(
  database: Database,
  dataDir: string,
  file: string,
  opts: BackupOptions = {},
): Promise<BackupSummary> {
  const uploads: Uploads = opts.s3
    ? { stored: 's3', endpoint: opts.s3.endpoint, bucket: opts.s3.bucket }
    : { stored: 'included' };
  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
  const gzip = createGzip();
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const trailer: Trailer = { rows: {}, files: 0 };
  const missingFiles: string[] = [];
  try {
    const named: Record<UploadKind, Set<string>> = { avatars: new Set(), posters: new Set() };
    const tables = Object.fromEntries(TABLES.map((t) => [t.name, realColumns(t.table)]));
    await database.db.transaction(
      async (tx) => {
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          kind: database.kind,
          created_at: new Date().toISOString(),
          migrations: await appliedMigrations(tx as unknown as Db),
          tables,
          uploads,
        };
        await write(JSON.stringify(manifest));
        for (const spec of TABLES) {
          const columns = tables[spec.name]!;
          const object = sql.raw(`jsonb_build_object(${columns.map((c) => `'${c}', ${quoteIdent(c)}`).join(', ')})`);
          const keys = sql.raw(spec.key.map(quoteIdent).join(', '));
          const keyTexts = sql.raw(spec.key.map((k, i) => `${quoteIdent(k)}::text as k${i}`).join(', '));
          let after: unknown[] | undefined;
          let count = 0;
          for (;;) {
            const where = after
              ? sql`where (${keys}) > (${sql.join(
                  after.map((v) => sql`${v}`),
                  sql`, `,
                )})`
              : sql``;
            const rows = await rowsOf(
              tx as unknown as Db,
              sql`select ${object}::text as r, ${keyTexts} from ${sql.raw(quoteIdent(spec.name))} ${where} order by ${keys} limit ${PAGE}`,
            );
            for (const row of rows) {
              const text = row.r as string;
              if (spec.name === 'users') {
                const avatar = (JSON.parse(text) as { avatar: string | null }).avatar;
                if (avatar) named.avatars.add(avatar);
              } else if (spec.name === 'films') {
                // Only a poster uploaded to this server is a file; TMDB's or an admin's address is not.
                const poster = (JSON.parse(text) as { poster_url: string | null }).poster_url;
                if (poster?.startsWith(POSTER_URL_PREFIX)) named.posters.add(poster.slice(POSTER_URL_PREFIX.length));
              }
              await write(`{"t":${JSON.stringify(spec.name)},"r":${text}}`);
            }
            count += rows.length;
            if (rows.length < PAGE) break;
            const last = rows[rows.length - 1]!;
            after = spec.key.map((_, i) => last[`k${i}`]);
          }
          trailer.rows[spec.name] = count;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Files in S3 stay there: the bucket is backed up on its own (format.ts "Uploads").
    for (const kind of Object.keys(UPLOAD_KINDS) as UploadKind[]) {
      const { dir, prefix } = UPLOAD_KINDS[kind];
      for (const name of uploads.stored === 'included' ? [...named[kind]].sort() : []) {
        if (!SAFE_AVATAR_NAME.test(name)) {
          missingFiles.push(`${kind}/${name}`);
          continue;
        }
        let data: Buffer;
        try {
          data = await readFile(path.join(dataDir, dir, name));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          missingFiles.push(`${kind}/${name}`);
          continue;
        }
        await write(JSON.stringify({ f: `${prefix}${name}`, b64: data.toString('base64') }));
        trailer.files++;
      }
    }
    await write(JSON.stringify({ end: trailer }));
    gzip.end();
    await finished(out);
    await rename(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
  return { ...trailer, bytes: out.bytesWritten, uploads, missingFiles };
}
