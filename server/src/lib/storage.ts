import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** An uploaded file opened for reading. */
export interface StoredFile {
  body: Readable;
  /** Bytes, when the store knows them. */
  size?: number;
  /** The store's entity tag, quoted, when it has one. */
  etag?: string;
  lastModified?: Date;
}

/**
 * A place to keep uploaded files under names the server made (docs/architecture.md
 * "Uploaded files"). Two drivers: a folder in DATA_DIR (createLocalFileStore) and an
 * S3-compatible bucket (lib/storage-s3.ts), chosen once at start by plugins/storage.ts.
 */
export interface FileStore {
  /** Which driver keeps the files. */
  readonly driver: 'local' | 's3';
  /** Stores `data` under `name`, replacing any file of that name. */
  put(name: string, data: Buffer): Promise<void>;
  /** Removes `name`; a file that is already gone is not an error. */
  remove(name: string): Promise<void>;
  /** Opens `name` for reading; undefined when there is no such file. */
  open(name: string): Promise<StoredFile | undefined>;
  /** Lets go of connections, if the driver holds any. */
  close?(): void;
}

/** A FileStore in a folder of this machine, which the app serves with @fastify/static. */
export interface LocalFileStore extends FileStore {
  readonly driver: 'local';
  /** The absolute folder the files are in. */
  readonly dir: string;
  /** The absolute path of `name` on disk. */
  path(name: string): string;
}

// Only names the server itself makes are accepted: a plain file name with no
// separators or dots beyond the extension, so no name can climb out of `dir`
// (or out of a bucket's prefix).
const SAFE_NAME = /^[a-zA-Z0-9_-]+\.webp$/;

export const isSafeName = (name: string): boolean => SAFE_NAME.test(name);

export function assertSafeName(name: string): void {
  if (!isSafeName(name)) {
    throw new Error(`Refused file name: ${JSON.stringify(name)}`);
  }
}

/** A FileStore in a local folder (created if missing); writes are atomic. */
export function createLocalFileStore(dir: string): LocalFileStore {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });

  const pathOf = (name: string): string => {
    assertSafeName(name);
    return join(root, name);
  };

  return {
    driver: 'local',
    dir: root,
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

    async open(name) {
      const file = pathOf(name);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}

/** A fresh, unguessable file name for an uploaded image (an avatar, a poster). */
export function newUploadName(): string {
  return `${randomUUID()}.webp`;
}
