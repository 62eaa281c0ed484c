import { request } from '@playwright/test';
import { Api } from './api';
import { publishE2eEnv } from './env';
import { startServer } from './server';
import { uniqueUser } from './users';

/**
 * Starts one product for the whole run (fresh data folder) and registers the first account, which the
 * server makes an admin, before any journey can take that place. Returns the teardown.
 */
export default async function globalSetup() {
  const server = await startServer();
  try {
    const context = await request.newContext({ baseURL: server.baseURL });
    const admin = uniqueUser('admin');
    const api = new Api(context);
    const { isAdmin } = await api.profile(await api.register(admin));
    await context.dispose();
    if (!isAdmin) throw new Error('the first registered account did not become an admin');
    publishE2eEnv({ baseURL: server.baseURL, dataDir: server.dataDir, admin });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
