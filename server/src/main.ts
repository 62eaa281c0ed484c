import closeWithGrace from 'close-with-grace';
import { type App, buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

/** Starts the server and shuts it down gracefully on SIGTERM/SIGINT: in-flight requests finish first. */
async function main() {
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
  let app: App;
  try {
    app = await buildApp(config);
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
