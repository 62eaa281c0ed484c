import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalFileStore, type FileStore } from './storage';

/** The kinds of uploaded file; each is a folder in DATA_DIR/uploads, or a key prefix in the bucket. */
export type UploadKind = 'avatars' | 'posters';

/** Where the files of `kind` are kept: the configured S3 bucket (under "<kind>/") or DATA_DIR/uploads/<kind>. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 's3'>, kind: UploadKind): Promise<FileStore> {
  if (!config.s3) return createLocalFileStore(join(config.dataDir, 'uploads', kind));
  // The S3 SDK is loaded only by an install that uses it: the default start does without.
  const { createS3FileStore } = await import('./storage-s3');
  return createS3FileStore(config.s3, `${kind}/`);
}
