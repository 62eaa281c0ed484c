import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// The S3 settings (README "Settings"): none keeps uploads in the data folder, all required ones turn S3 on.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-config-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const FULL = {
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'kinodost',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the settings were accepted');
};

describe('S3 settings', () => {
  it('none set: uploads stay in the data folder', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('all required set: region and path style have defaults', () => {
    expect(load(FULL).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'kinodost',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(load({ ...FULL, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: true,
    });
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'a partial config names the missing %s',
    (name) => {
      const env: Record<string, string> = { ...FULL };
      delete env[name];
      expect(refusal(env)).toBe(`${name} is missing: the S3 settings must all be given, or none`);
    },
  );

  it('a lone S3 setting is a partial config too', () => {
    expect(refusal({ S3_REGION: 'eu-central-1' })).toBe(
      'S3_ENDPOINT is missing: the S3 settings must all be given, or none',
    );
  });

  it('refuses a bad endpoint or path style', () => {
    expect(refusal({ ...FULL, S3_ENDPOINT: 'ftp://s3.example.com' })).toBe(
      'S3_ENDPOINT must start with http:// or https://',
    );
    expect(refusal({ ...FULL, S3_ENDPOINT: 'not a url' })).toBe('S3_ENDPOINT is not a valid URL');
    expect(refusal({ ...FULL, S3_FORCE_PATH_STYLE: 'yes' })).toBe('S3_FORCE_PATH_STYLE must be true or false');
  });
});
