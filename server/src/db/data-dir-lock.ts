import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** PGlite allows one process per data folder: a second one would corrupt it. */
export class DataDirLockedError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes an exclusive lock file in the data folder, holding this process id; a
 * lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {}
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another KinoDost process (pid ${holder}). ` +
            'PGlite allows one process per folder: stop that process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
        );
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`);
}
