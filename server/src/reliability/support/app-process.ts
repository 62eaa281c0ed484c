import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitUntil } from './wait';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(repoRoot, 'server/src/main.ts');
const tsx = import.meta.resolve('tsx');

/** Settings every app process of these suites gets: quiet logs, limits that the load loops never reach. */
export const BASE_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'reliability-suite-secret-0123456789abcdef',
  LOGIN_ATTEMPTS_PER_IP: '1000000',
  LOGIN_FAILURES_PER_ACCOUNT: '100000',
  REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  COMMENTS_PER_USER_PER_HOUR: '100000',
  FORGOT_PASSWORD_PER_EMAIL_PER_HOUR: '1000',
  // No built web app: only the API and the socket.
  WEB_DIST: path.join(repoRoot, 'no-web-dist'),
};

/** The real server (server/src/main.ts) as its own process, the way an operator runs it. */
export interface AppProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when it exits, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether it is still running. */
  alive(): boolean;
}

/** Starts the server with `env` on top of BASE_ENV (and a free PORT unless given); resolves once /api/health answers. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', tsx, main], {
    cwd: repoRoot,
    env: { ...process.env, ...BASE_ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    url,
    port,
    pid: child.pid ?? 0,
    child,
    output: () => out,
    exited,
    alive: () => running,
  };
  // Generous: on a loaded 2-core machine tsx plus a first PGlite start and migration has taken over a minute.
  await waitUntil(
    `the app on ${port}`,
    async () => {
      if (!running) throw new Error(`the app exited while starting:\n${out}`);
      return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
    },
    150_000,
  ).catch((err) => {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${out}`);
  });
  return app;
}

/** Sends SIGTERM (or another signal) and resolves with how the process ended. */
export async function stopApp(app: AppProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (!app.alive()) return app.exited;
  app.child.kill(signal);
  return app.exited;
}
