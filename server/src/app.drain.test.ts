import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@kinodost/contracts/errors';
import { expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { msg } from './lib/messages';
import { createTestDatabase } from './test/test-database';

/** A GET through `agent`: status, Connection header and parsed body. */
const get = (port: number, path: string, agent: http.Agent) =>
  new Promise<{ status: number; connection?: string; body: unknown }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }),
        );
      })
      .on('error', reject);
  });

/** A config on a data folder of its own. */
const drainConfig = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-drain-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'drain-test-secret-0123456789abcdef0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  return { dataDir, config };
};

/** A promise and the function that resolves it. */
const signal = (): [Promise<void>, () => void] => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return [promise, resolve];
};

// While the server drains (SIGTERM), a request can still arrive on a keep-alive connection
// that was idle when the drain began. It is turned away with the API's error body, not Fastify's own.
it('answers a request reaching a draining server with 503 and the error body', async () => {
  const database = await createTestDatabase();
  const { dataDir, config } = await drainConfig();
  const app = await buildApp(config, { database });
  // Holds the drain open at its start, before the listener closes, as a slow drain would.
  const [gate, release] = signal();
  const [drainStarted, draining] = signal();
  app.addHook('preClose', async () => {
    draining();
    await gate;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await get(port, '/api/health', agent)).status).toBe(200);
    const closed = app.close();
    await drainStarted;
    const late = await get(port, '/api/health', agent);
    expect(late).toEqual({
      status: 503,
      connection: 'close',
      body: { success: false, error: msg.common.unavailable, code: ErrorCode.UNAVAILABLE },
    });
    release();
    await closed;
  } finally {
    release();
    agent.destroy();
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

// A client that hangs up mid-request leaves its handler running; server.close() no longer waits
// for it (no connection is left). The database must stay open until the handler has settled.
// The app opens and closes a database of its own here: a first PGlite start on an empty folder,
// which on a loaded 2-core machine has taken over 30 s.
it('closes the database only after handlers whose client hung up have settled', { timeout: 120_000 }, async () => {
  const { dataDir, config } = await drainConfig();
  const app = await buildApp(config);
  const [gate, release] = signal();
  const [handlerStarted, started] = signal();
  let outcome: string | undefined;
  app.get('/slow', async () => {
    started();
    await gate;
    outcome = await app.database.ping().then(
      () => 'database answered',
      (err: Error) => `database failed: ${err.message}`,
    );
    return { ok: true };
  });
  // What the close does, seen from outside: it reaches the wait for handlers, or closes the database.
  const [closeWaits, waiting] = signal();
  const settled = app.handlersSettled;
  app.handlersSettled = (maxMs) => {
    waiting();
    return settled(maxMs);
  };
  let databaseClosed = false;
  const closeDatabase = app.database.close;
  app.database.close = () => {
    databaseClosed = true;
    return closeDatabase();
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    const req = http.get({ host: '127.0.0.1', port, path: '/slow' });
    req.on('error', () => {});
    await handlerStarted;
    req.destroy();
    const closed = app.close();
    // The close gets as far as it can while the handler runs: to the wait, not past it.
    await Promise.race([closeWaits, closed]);
    expect(databaseClosed).toBe(false);
    expect(outcome).toBeUndefined();
    release();
    await closed;
    expect(outcome).toBe('database answered');
  } finally {
    release();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
