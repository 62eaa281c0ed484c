import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config';

/** A real S3-compatible server (s3rver) of the test's own: loopback, a random port, a temp folder. */
export interface TestS3 {
  settings: S3Settings;
  /** The same settings as the S3_* environment variables of an app process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver with one empty bucket. s3rver accepts any keys; these are the ones it documents. */
export async function startTestS3(bucket = 'kinodost-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kinodost-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
