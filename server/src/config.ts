import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultWebDist } from './paths';

/** Every setting of the server, read and validated once (see README "Settings"). */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, uploads, the mail outbox and the generated JWT secret. */
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite in dataDir/db is used. */
  databaseUrl?: string;
  redisUrl?: string;
  /**
   * With Redis: how long a process that stopped its heartbeat (sent every third of this) is still
   * taken for alive; its users go offline within this plus a sixth of it.
   */
  presenceTtlSeconds: number;
  /** Prefix of every Redis key, so installs (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Origin used in mailed links, e.g. https://kinodost.example. */
  publicUrl: string;
  /** The footer's social links (SOCIAL_INSTAGRAM, SOCIAL_FACEBOOK, SOCIAL_X): https addresses, null hides one. */
  social: { instagram: string | null; facebook: string | null; x: string | null };
  jwtSecret: string;
  /** Trust X-Forwarded-For from these proxies (fastify trustProxy: true, a hop count, or addresses). */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Other origins allowed to open the socket (the Vite dev server, docs/product.md#realtime-socket); same origin always works. */
  socketOrigins: string[];
  /** Memory for cached answers of list routes (plugins/response-cache.ts); 0 turns the cache off. */
  responseCacheMb: number;
  /** Built single-page app; not served when the folder is missing. */
  webDist?: string;
  /** An S3-compatible bucket for uploaded files; when absent they are kept in dataDir/uploads. */
  s3?: S3Settings;
  /** 'bundled': an empty film catalogue is filled from the bundled one at start; 'none' leaves it empty. */
  catalogue: 'bundled' | 'none';
  /** TMDB's API, when TMDB_API_KEY is set: members may then find and add films from it. */
  tmdb?: { apiKey: string; apiUrl: string };
  limits: {
    loginFailuresPerAccount: number;
    loginAttemptsPerIp: number;
    loginWindowSeconds: number;
    registrationsPerIpPerHour: number;
    forgotPerEmailPerHour: number;
    commentsPerUserPerHour: number;
  };
}

/** Where uploaded files go when an S3-compatible store is configured (lib/storage-s3.ts). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** A setting that cannot be used; main.ts prints `message` as one line and exits. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const intSetting = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name}="${raw}" must be a whole number from ${min} to ${max}`);
  }
  return n;
};

const urlSetting = (env: Env, name: string, protocols: string[]): string | undefined => {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
};

const trustProxySetting = (raw: string | undefined): Config['trustProxy'] => {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // comma-separated addresses or CIDRs
};

/**
 * The S3 settings: none set keeps uploads in the data folder; any set turns the store on and
 * then every required one must be there, or the start stops naming the first one missing.
 */
const s3Setting = (env: Env): S3Settings | undefined => {
  const names = [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  if (!names.some((n) => env[n])) return undefined;
  for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
    if (!env[name]) throw new ConfigError(`${name} is missing: the S3 settings must all be given, or none`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  return {
    endpoint: urlSetting(env, 'S3_ENDPOINT', ['http:', 'https:']) as string,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: pathStyle === 'true',
  };
};

const catalogueSetting = (raw: string | undefined): Config['catalogue'] => {
  if (!raw || raw === 'bundled') return 'bundled';
  if (raw === 'none') return 'none';
  throw new ConfigError(`CATALOGUE must be bundled or none`);
};

/** The JWT secret: JWT_SECRET, or one generated once and kept in the data folder. */
const jwtSecretSetting = (env: Env, dataDir: string): string => {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
};

/** Reads and validates the settings; throws ConfigError naming the first bad one. */
/** A footer link: the https address set, KinoDost's own account when unset, null for `none`. */
const socialSetting = (env: Env, name: string, fallback: string): string | null =>
  env[name]?.trim() === 'none' ? null : (urlSetting(env, name, ['https:']) ?? fallback);

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = intSetting(env, 'PORT', 5000, 0, 65535);
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const logLevel = env.LOG_LEVEL || 'info';
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  const publicUrl = (urlSetting(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: urlSetting(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: urlSetting(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'kinodost:',
    presenceTtlSeconds: intSetting(env, 'PRESENCE_TTL_SECONDS', 6, 3, 3600),
    smtpUrl: urlSetting(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'KinoDost <no-reply@kinodost.local>',
    publicUrl,
    // The footer links to three social networks on every install; `none` leaves one out.
    social: {
      instagram: socialSetting(env, 'SOCIAL_INSTAGRAM', 'https://www.instagram.com/kinodost'),
      facebook: socialSetting(env, 'SOCIAL_FACEBOOK', 'https://www.facebook.com/kinodost'),
      x: socialSetting(env, 'SOCIAL_X', 'https://x.com/kinodost'),
    },
    jwtSecret: jwtSecretSetting(env, dataDir),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    logLevel,
    socketOrigins: (env.SOCKET_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDist: path.resolve(cwd, env.WEB_DIST || defaultWebDist),
    responseCacheMb: intSetting(env, 'RESPONSE_CACHE_MB', 32, 0, 65536),
    s3: s3Setting(env),
    catalogue: catalogueSetting(env.CATALOGUE),
    tmdb: env.TMDB_API_KEY
      ? {
          apiKey: env.TMDB_API_KEY,
          apiUrl: (urlSetting(env, 'TMDB_API_URL', ['https:', 'http:']) ?? 'https://api.themoviedb.org/3').replace(
            /\/+$/,
            '',
          ),
        }
      : undefined,
    limits: {
      loginFailuresPerAccount: intSetting(env, 'LOGIN_FAILURES_PER_ACCOUNT', 10, 1, 100000),
      loginAttemptsPerIp: intSetting(env, 'LOGIN_ATTEMPTS_PER_IP', 100, 1, 1000000),
      loginWindowSeconds: intSetting(env, 'LOGIN_WINDOW_SECONDS', 15 * 60, 1, 86400),
      registrationsPerIpPerHour: intSetting(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 30, 1, 1000000),
      forgotPerEmailPerHour: intSetting(env, 'FORGOT_PASSWORD_PER_EMAIL_PER_HOUR', 5, 1, 1000),
      commentsPerUserPerHour: intSetting(env, 'COMMENTS_PER_USER_PER_HOUR', 60, 1, 100000),
    },
  };
}
