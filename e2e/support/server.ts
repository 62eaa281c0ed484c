import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root (this file lives in e2e/support). */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A started product: one process serving the API and the built web app. */
export interface RunningServer {
  baseURL: string;
  /** DATA_DIR of the server: PGlite in db/, uploads/, the mail outbox/. */
  dataDir: string;
  stop: () => Promise<void>;
}

/** Newest modification time under `paths`; unit tests are skipped because they never reach the bundle. */
const newestMtime = (paths: string[]): number => {
  let max = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry !== 'node_modules' && entry !== 'dist' && entry !== 'test') visit(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) visit(path.join(repoRoot, p));
  return max;
};

/** Builds web/dist once, and only when it is missing or older than its sources (CI builds it before us). */
export function ensureWebBuilt(): void {
  const built = path.join(repoRoot, 'web/dist/index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src'];
  if (existsSync(built) && newestMtime(sources) <= statSync(built).mtimeMs) return;
  console.log('[e2e] web/dist is missing or stale: npm run build -w web');
  const res = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`npm run build -w web failed with exit code ${res.status}`);
}

/** A port nobody listens on right now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitForExit = (child: ChildProcess, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * Starts the server on a free port with a fresh data folder, waits for GET /api/ready and returns
 * how to reach and stop it. Throttles are raised: every browser and API call comes from 127.0.0.1.
 */
export async function startServer(): Promise<RunningServer> {
  ensureWebBuilt();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const runDir = mkdtempSync(path.join(tmpdir(), 'kinodost-e2e-'));
  const dataDir = path.join(runDir, 'data');
  // The run serves its own copy of the build: a rebuild of web/dist during the run (someone's
  // `npm run build`) would otherwise delete the hashed chunks the open pages still load.
  const webDist = path.join(runDir, 'web-dist');
  cpSync(path.join(repoRoot, 'web/dist'), webDist, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      LOGIN_ATTEMPTS_PER_IP: '1000000',
      LOGIN_FAILURES_PER_ACCOUNT: '10000',
      FORGOT_PASSWORD_PER_EMAIL_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // The server drains for up to 10 s; past that, do not let a stuck process hold the data folder.
      if (!(await waitForExit(child, 12_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 2_000);
      }
    }
    rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      rmSync(runDir, { recursive: true, force: true });
      throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    }
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) return { baseURL, dataDir, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server did not answer ${baseURL}/api/ready within 60 s`);
}
