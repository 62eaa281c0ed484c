import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Loaded at the first lock: a start on PostgreSQL takes none, and loading the addon is a
// noticeable part of a start.
let native: typeof import('fs-native-extensions') | undefined;
const tryLock = (fd: number): boolean => {
  native ??= createRequire(import.meta.url)('fs-native-extensions') as typeof import('fs-native-extensions');
  return native.tryLock(fd);
};

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

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The pid the holder wrote into the lock file, for the refusal message. The holder writes it
 * right after taking the lock, so a starter refused in that instant may still read the pid of
 * a dead earlier holder or nothing: it reads again for a moment.
 */
function holderPid(file: string): number | undefined {
  for (let attempt = 0; attempt < 40; attempt++) {
    let pid: number;
    try {
      pid = Number(readFileSync(file, 'utf8'));
    } catch {
      return undefined; // Windows forbids reading a locked range
    }
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return pid;
    pause(50);
  }
  return undefined;
}

/**
 * Takes an exclusive lock on DATA_DIR/db.lock and writes this process id into it. Returns the
 * release function. The lock is the kernel's (an open file description lock on Linux, flock
 * elsewhere), taken atomically and dropped by the kernel when the process ends however it
 * ends, SIGKILL included: there is no stale lock to judge and take over, which is where two
 * starters could both win (docs/reliability.md, "Data folder lock").
 * The file itself stays: deleting it would let one starter lock the old file and another a
 * new one at the same path.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'db.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  if (!locked) {
    closeSync(fd);
    const holder = holderPid(file);
    throw new DataDirLockedError(
      `The data folder ${dir} is in use by another KinoDost process${holder ? ` (pid ${holder})` : ''}. ` +
        'PGlite allows one process per folder: stop that process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    try {
      ftruncateSync(fd, 0);
    } finally {
      closeSync(fd); // releases the lock
    }
  };
}
