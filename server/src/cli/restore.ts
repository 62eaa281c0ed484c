// `npm run restore -- <file> [--force]`: loads a backup made by `npm run backup` into this
// install's database and data folder, all or nothing. Refuses a database that already holds
// data unless --force (which replaces it). Avatar and poster files go to this install's storage
// (its S3 bucket when S3_* is set); a backup made with S3 holds none, and the output says so. Uses the same settings as the server; with the
// embedded database, stop the server first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from '../backup/format';
import { FilesNotStoredError, restoreBackup } from '../backup/restore';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/open';
import { openFileStore } from '../lib/open-file-store';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
const file = path.resolve(files[0]!);
if (!existsSync(file)) {
  console.error(`KinoDost: no backup file at ${file}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  console.error(`KinoDost: ${err.message}`);
  if (err instanceof DataDirLockedError) console.error('Stop the KinoDost server first, then run the restore again.');
  process.exit(1);
});
const avatars = await openFileStore(config, 'avatars');
const posters = await openFileStore(config, 'posters');
try {
  const started = Date.now();
  const summary = await restoreBackup(database, config.dataDir, file, { force, avatars, posters });
  console.log(
    `Restored ${file} (made ${summary.manifest.created_at} on ${summary.manifest.kind}) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary.rows)}, ${summary.files} uploaded files (avatars and posters)` +
      `${summary.files > 0 && config.s3 ? ` put into the S3 bucket ${config.s3.bucket}` : ''}.`,
  );
  const uploads = summary.manifest.uploads;
  if (uploads?.stored === 's3') {
    const same = config.s3?.endpoint === uploads.endpoint && config.s3?.bucket === uploads.bucket;
    console.log(
      `The backup holds no uploaded files: they are in the S3 bucket ${uploads.bucket} at ${uploads.endpoint}` +
        (same
          ? ', which this install uses.'
          : "; point the S3_* settings at that bucket (or copy its avatars/ and posters/ objects to this install's storage)."),
    );
  }
} catch (err) {
  if (err instanceof FilesNotStoredError) {
    console.error(`KinoDost: restore incomplete: ${err.message}`);
    process.exitCode = 1;
  } else {
    const reason = err instanceof BackupError ? err.message : `${(err as Error).message} (nothing was changed)`;
    console.error(`KinoDost: restore refused: ${reason}`);
    process.exitCode = 1;
  }
} finally {
  avatars.close?.();
  posters.close?.();
  await database.close();
}
