/**
 * Restores a backup (format: ./format.ts) into a migrated database and its data folder.
 *
 * Every row goes in inside ONE transaction: a damaged or cut-short file, a row the
 * database refuses or a missing trailer rolls everything back, so the target is left
 * as it was. Uploaded files (avatars, posters) are written to a staging folder meanwhile and
 * put into the install's storage (uploads/avatars and uploads/posters, or its S3 bucket) only
 * after the commit. A database that already holds data is
 * refused unless `force`, which empties every table first in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { refreshUsernameKeys } from '../db/username-keys';
import { createLocalFileStore, type FileStore } from '../lib/storage';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type Manifest,
  quoteIdent,
  readLines,
  realColumns,
  TABLES,
  type Trailer,
  UPLOAD_KINDS,
  type UploadKind,
  uploadOf,
} from './format';

/** The target database already holds data and `force` was not given. */
export class NotEmptyError extends BackupError {}

/** The rows were committed but the uploaded files could not all be stored (e.g. the S3 store was away). */
export class FilesNotStoredError extends Error {}

export interface RestoreOptions {
  /** Empty a database that already holds data (inside the restore's transaction). */
  force?: boolean;
  /** Where the avatar files go (the install's storage); by default uploads/avatars in `dataDir`. */
  avatars?: FileStore;
  /** Where the poster files go (the install's storage); by default uploads/posters in `dataDir`. */
  posters?: FileStore;
}

export interface RestoreSummary extends Trailer {
  manifest: Manifest;
}

/** Rows are inserted this many at a time (or fewer, when their JSON grows past BATCH_BYTES). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

type Rows = { rows: Record<string, unknown>[] };

const parseLine = (line: string, what: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(line) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  throw new BackupError(`${what} is not valid JSON: not a KinoDost backup, or a damaged one`);
};

function checkManifest(value: Record<string, unknown>): Manifest {
  if (value.format !== BACKUP_FORMAT) throw new BackupError('not a KinoDost backup file');
  if (value.version !== BACKUP_VERSION) {
    throw new BackupError(`backup format version ${String(value.version)} is not supported (this KinoDost reads 1)`);
  }
  if (!Array.isArray(value.migrations) || !value.tables || typeof value.tables !== 'object') {
    throw new BackupError('the backup manifest is incomplete');
  }
  return value as unknown as Manifest;
}

/** The tables of `db` that hold rows, with a row count each. */
export async function nonEmptyTables(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const spec of TABLES) {
    const result = (await db.execute(
      sql.raw(`select exists (select 1 from ${quoteIdent(spec.name)}) as any`),
    )) as unknown as Rows;
    if (result.rows[0]?.any) found.push(spec.name);
  }
  return found;
}

/** Restores `file` into `database` and the upload folders (avatars, posters) of `dataDir`. */
export async function restoreBackup(
  database: Database,
  dataDir: string,
  file: string,
  opts: RestoreOptions = {},
): Promise<RestoreSummary> {
  const lines = readLines(file);
  const first = await lines.next();
  if (first.done) throw new BackupError('the backup file is empty');
  const manifest = checkManifest(parseLine(first.value, 'the first line'));

  const known = new Set((await appliedMigrations(database.db)).map((m) => m.created_at));
  const newer = manifest.migrations.filter((m) => !known.has(m.created_at));
  if (newer.length > 0) {
    throw new BackupError(
      `the backup was made by a newer KinoDost (migrations ${newer.map((m) => m.tag).join(', ')} are unknown here): upgrade first`,
    );
  }
  const columnsOf = new Map<string, string[]>();
  for (const [name, columns] of Object.entries(manifest.tables)) {
    const spec = TABLES.find((t) => t.name === name);
    if (!spec) throw new BackupError(`the backup holds an unknown table "${name}"`);
    const here = new Set(realColumns(spec.table));
    columnsOf.set(
      name,
      (columns as string[]).filter((c) => here.has(c)),
    );
  }

  const uploads = path.join(dataDir, 'uploads');
  const staging = path.join(uploads, `.restore-${process.pid}-${randomBytes(4).toString('hex')}`);
  const staged: { kind: UploadKind; name: string }[] = [];
  const counted: Trailer = { rows: Object.fromEntries(TABLES.map((t) => [t.name, 0])), files: 0 };
  try {
    await database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const occupied = await nonEmptyTables(db);
      if (occupied.length > 0) {
        if (!opts.force) {
          throw new NotEmptyError(
            `the target database is not empty (it has ${occupied.join(', ')}): restore into a fresh install, or pass --force to replace its data`,
          );
        }
        await db.execute(sql.raw(`truncate table ${TABLES.map((t) => quoteIdent(t.name)).join(', ')} cascade`));
        // Not backed up (answers kept a day for repeated POSTs, plugins/idempotency.ts), and
        // they speak of the data being replaced.
        await db.execute(sql`truncate table idempotency_keys`);
      }

      let tableIndex = 0;
      let batch: unknown[] = [];
      let batchBytes = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const spec = TABLES[tableIndex]!;
        const cols = columnsOf.get(spec.name)!.map(quoteIdent).join(', ');
        const table = quoteIdent(spec.name);
        const conflict = spec.name === 'search_words' ? ' on conflict do nothing' : ''; // also kept by a trigger
        try {
          await db.execute(
            sql`${sql.raw(`insert into ${table} (${cols}) select ${cols} from jsonb_populate_recordset(null::${table}, `)}${JSON.stringify(batch)}::jsonb)${sql.raw(conflict)}`,
          );
        } catch (err) {
          // The driver's own message, not drizzle's, which repeats the query with every row in it.
          const reason = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message.slice(0, 300);
          throw new BackupError(`the database refused a row of ${spec.name}: ${reason}`);
        }
        batch = [];
        batchBytes = 0;
      };

      let trailer: Trailer | undefined;
      let lineNo = 1;
      for await (const line of lines) {
        lineNo++;
        if (trailer) throw new BackupError(`line ${lineNo} follows the end of the backup`);
        const record = parseLine(line, `line ${lineNo}`);
        if (typeof record.t === 'string') {
          const at = TABLES.findIndex((t) => t.name === record.t);
          if (at < tableIndex || !columnsOf.has(record.t) || !record.r || typeof record.r !== 'object') {
            throw new BackupError(`line ${lineNo}: a row of "${record.t}" out of place`);
          }
          if (at !== tableIndex) {
            await flush();
            tableIndex = at;
          }
          batch.push(record.r);
          batchBytes += line.length;
          counted.rows[record.t] = (counted.rows[record.t] ?? 0) + 1;
          if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
        } else if (typeof record.f === 'string') {
          await flush();
          const upload = uploadOf(record.f);
          if (!upload || typeof record.b64 !== 'string') {
            throw new BackupError(`line ${lineNo}: refused file ${JSON.stringify(record.f)}`);
          }
          await mkdir(path.join(staging, upload.kind), { recursive: true });
          await writeFile(path.join(staging, upload.kind, upload.name), Buffer.from(record.b64, 'base64'));
          staged.push(upload);
          counted.files++;
        } else if (record.end && typeof record.end === 'object') {
          await flush();
          trailer = record.end as Trailer;
        } else {
          throw new BackupError(`line ${lineNo} is not a backup record`);
        }
      }
      if (!trailer) throw new BackupError('the backup file is cut short (its end record is missing)');
      for (const spec of TABLES) {
        if ((trailer.rows[spec.name] ?? 0) !== counted.rows[spec.name]) {
          throw new BackupError(
            `the backup should hold ${trailer.rows[spec.name] ?? 0} rows of ${spec.name} but holds ${counted.rows[spec.name]}`,
          );
        }
      }
      if (trailer.files !== counted.files) {
        throw new BackupError(`the backup should hold ${trailer.files} files but holds ${counted.files}`);
      }
      // The keys are computed afresh: a backup made before migration 0010 carries none, and one
      // made before a change of the key (0024: i and l one letter) carries keys of the old rule.
      await refreshUsernameKeys(db);
    });
    // Committed: put the files in place, each kind into its store.
    if (staged.length > 0) {
      const stores: Record<UploadKind, FileStore> = {
        avatars: opts.avatars ?? createLocalFileStore(path.join(dataDir, UPLOAD_KINDS.avatars.dir)),
        posters: opts.posters ?? createLocalFileStore(path.join(dataDir, UPLOAD_KINDS.posters.dir)),
      };
      try {
        for (const { kind, name } of staged) {
          await stores[kind].put(name, await readFile(path.join(staging, kind, name)));
        }
      } catch (err) {
        throw new FilesNotStoredError(
          `the rows are restored, but the uploaded files could not be stored (${(err as Error).message}): run the restore again with --force`,
          { cause: err },
        );
      }
    }
  } finally {
    await lines.return(undefined);
    await rm(staging, { recursive: true, force: true });
  }
  return { ...counted, manifest };
}
