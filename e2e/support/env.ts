import type { Credentials } from './users';

/**
 * What global setup hands to the test workers. Environment variables are the channel Playwright
 * documents for this: workers start after global setup and inherit its process.env.
 */
export interface E2eEnv {
  baseURL: string;
  dataDir: string;
  admin: Credentials;
}

const KEY = 'KINODOST_E2E';

export function publishE2eEnv(env: E2eEnv): void {
  process.env[KEY] = JSON.stringify(env);
  process.env.KINODOST_E2E_BASE_URL = env.baseURL;
}

export function readE2eEnv(): E2eEnv {
  const raw = process.env[KEY];
  if (!raw)
    throw new Error(`${KEY} is not set: run the suite with "npm run test:e2e" so global setup starts the server`);
  return JSON.parse(raw) as E2eEnv;
}
