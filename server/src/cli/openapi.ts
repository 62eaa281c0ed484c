// `npm run openapi -- <file>`: writes the API document (what /api/docs/json serves) to a file,
// for `npm run lint` (redocly) and for generating clients. Builds the app without a database
// (no route runs; building one only holds on to it) in a temporary folder; needs no settings.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

const out = process.argv[2];
if (!out) {
  console.error('usage: npm run openapi -- <file.json>');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'kinodost-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    CATALOGUE: 'none',
  });
  const unused = async () => {
    throw new Error('the API document needs no database');
  };
  // Plugins prepare their statements while they register: any chain of calls on it is accepted.
  const anything: unknown = new Proxy(() => {}, {
    get: (_target, key) => (key === 'then' ? undefined : anything),
    apply: () => anything,
  });
  const database: Database = { kind: 'pglite', db: anything as Database['db'], ping: unused, close: async () => {} };
  const app = await buildApp(config, { database });
  await app.ready();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
