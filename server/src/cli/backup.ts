// `npm run backup -- <file>`: writes the database and the uploaded files (avatars, posters) into
// one backup file (format: src/backup/format.ts, README "Backup and restore"); files kept in an S3 bucket
// stay there and the output says so. Uses the same settings as the server; with the embedded
// database, stop the server first.
import path from 'node:path';
import { writeBackup } from '../backup/backup';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/open';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  console.error(`KinoDost: ${err.message}`);
  if (err instanceof DataDirLockedError) console.error('Stop the KinoDost server first, then run the backup again.');
  process.exit(1);
});
try {
  const started = Date.now();
  const target = path.resolve(file);
  const summary = await writeBackup(database, config.dataDir, target, { s3: config.s3 });
  for (const name of summary.missingFiles) console.warn(`  warning: uploaded file ${name} is missing; left out`);
  console.log(
    `Backup written to ${target} (${(summary.bytes / 1024).toFixed(1)} KB, ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
      `${JSON.stringify(summary.rows)}, ${summary.files} uploaded files (avatars and posters).`,
  );
  if (summary.uploads.stored === 's3') {
    console.log(
      `Uploaded files are in the S3 bucket ${summary.uploads.bucket} at ${summary.uploads.endpoint} and are not ` +
        "included in this backup: back that bucket up with the storage provider's own tools.",
    );
  }
} catch (err) {
  console.error(`KinoDost: backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
