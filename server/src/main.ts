import closeWithGrace from 'close-with-grace';
import type { App } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open';
import { limitHeapGrowth } from './lib/heap-growth';

/** Starts the server and shuts it down gracefully on SIGTERM/SIGINT: in-flight requests finish first. */
async function main() {
  limitHeapGrowth();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`KinoDost: bad setting: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  // The database opens (PGlite reads and compiles its wasm, then starts Postgres) while the
  // app's modules load: the app is imported only now, so the two overlap.
  const opening = openDatabase(config);
  opening.catch(() => {}); // handled where buildApp awaits it
  let app: App;
  try {
    const { buildApp } = await import('./app');
    app = await buildApp(config, { opening });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`KinoDost: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
}

await main();
