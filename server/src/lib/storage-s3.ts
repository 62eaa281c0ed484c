/**
 * The S3-compatible driver of lib/storage.ts: uploaded files in one bucket, under a key
 * prefix per kind ("avatars/"), so every app process of an install reads what any other
 * stored (docs/architecture.md "Uploaded files"). Loaded only when S3_* is configured.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { UnavailableError } from './errors';
import { msg } from './messages';
import { assertSafeName, type FileStore } from './storage';

export interface S3FileStore extends FileStore {
  readonly driver: 's3';
  readonly bucket: string;
  /** Resolves when the bucket answers to these credentials; rejects saying why not. */
  check(): Promise<void>;
  /** Closes the client's sockets. */
  close(): void;
}

/** The S3 client for these settings; `close()` it when done. */
export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where the API requires them: the SDK's newer defaults send headers
    // that several S3-compatible stores refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request in seconds instead of holding it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
}

const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * A store that cannot be reached or answers 5xx is the client's 503 (the request may be
 * retried); a 4xx (wrong credentials, no such bucket) stays a 500 with the cause in the log.
 */
function unavailableOr(err: unknown): never {
  const status = statusOf(err);
  if (!(err instanceof S3ServiceException) || status === undefined || status >= 500) {
    const unavailable = new UnavailableError(msg.common.unavailable);
    unavailable.cause = err;
    throw unavailable;
  }
  throw err;
}

/** A FileStore in `s3.bucket` under `prefix` (e.g. "avatars/"). */
export function createS3FileStore(s3: S3Settings, prefix: string): S3FileStore {
  const client = createS3Client(s3);
  const Bucket = s3.bucket;
  const keyOf = (name: string) => {
    assertSafeName(name);
    return `${prefix}${name}`;
  };

  return {
    driver: 's3',
    bucket: Bucket,

    async put(name, data) {
      const Key = keyOf(name);
      // A PUT replaces the object whole: readers see the old bytes or the new, never a part.
      await client
        .send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType: 'image/webp', ContentLength: data.length }))
        .catch(unavailableOr);
    },

    async remove(name) {
      const Key = keyOf(name);
      // S3 answers a delete of a missing key with success, so removing twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(unavailableOr);
    },

    async open(name) {
      const Key = keyOf(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (err) {
        if (statusOf(err) === 404 && (err as Error).name === 'NoSuchKey') return undefined;
        unavailableOr(err);
      }
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close: () => client.destroy(),
  };
}
