import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder. Found by walking up to its package.json, so the
 * paths below hold both when running the TypeScript sources (src/…) and the
 * prebuilt bundle `npm start` runs (dist/main.mjs).
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`KinoDost: the server folder was not found above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** The committed SQL migrations, the same files for PGlite and PostgreSQL. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The built web app, beside the server in the repository. */
export const defaultWebDist = path.join(serverRoot, '../web/dist');
