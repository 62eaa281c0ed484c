import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** A place to keep uploaded files under names the server made. */
export interface FileStore {
  /** Stores `data` under `name`, replacing any file of that name. */
  put(name: string, data: Buffer): Promise<void>;
  /** Removes `name`; a file that is already gone is not an error. */
  remove(name: string): Promise<void>;
  /** The absolute path of `name` on disk (for serving it). */
  path(name: string): string;
}

// Only names the server itself makes are accepted: a plain file name with no
// separators or dots beyond the extension, so no name can climb out of `dir`.
const SAFE_NAME = /^[a-zA-Z0-9_-]+\.webp$/;

function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) {
    throw new Error(`Refused file name: ${JSON.stringify(name)}`);
  }
}

/** A FileStore in a local folder (created if missing); writes are atomic. */
export function createLocalFileStore(dir: string): FileStore {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });

  const pathOf = (name: string): string => {
    assertSafeName(name);
    return join(root, name);
  };

  return {
    path: pathOf,

    async put(name, data) {
      const target = pathOf(name);
      // Write beside the target and rename: a reader (or a crash) never sees a
      // half-written file, because rename within one folder is atomic.
      const temp = join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async remove(name) {
      // force: true ignores ENOENT, so removing twice (or racing) is harmless.
      await rm(pathOf(name), { force: true });
    },
  };
}

/** A fresh, unguessable avatar file name. */
export function newAvatarName(): string {
  return `${randomUUID()}.webp`;
}
