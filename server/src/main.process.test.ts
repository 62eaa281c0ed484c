import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point as an operator runs it: settings from the environment, PGlite in DATA_DIR.
const main = path.join(import.meta.dirname, 'main.ts');
const tsx = import.meta.resolve('tsx');
let dataDir: string;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>, script = main, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', tsx, script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return { child, output: () => out, exited: new Promise((r) => child.on('exit', (code) => r(code))) };
}

/** Resolves with what `find` first finds in the output as it arrives; fails if the process exits first. */
function waitForOutput<T>(r: Run, what: string, find: (output: string) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find(r.output());
      if (found === undefined) return;
      stop();
      resolve(found);
    };
    const exited = (code: number | null) => {
      stop();
      reject(new Error(`${what}: the process exited (${code}) first:\n${r.output()}`));
    };
    const stop = () => {
      r.child.stdout?.off('data', check);
      r.child.stderr?.off('data', check);
      r.child.off('exit', exited);
    };
    r.child.stdout?.on('data', check);
    r.child.stderr?.on('data', check);
    r.child.on('exit', exited);
    check();
  });
}

const waitForListening = (r: Run) =>
  waitForOutput(r, 'listening', (out) => {
    const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    return m ? Number(m[1]) : undefined;
  });

/** How many registrations the server has begun, by its "incoming request" log lines (LOG_LEVEL info). */
const registrationsReceived = (output: string) =>
  output.match(/"url":"\/api\/auth\/register"[^\n]*"msg":"incoming request"/g)?.length ?? 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-main-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Each test starts real processes, and a first start on an empty folder creates the PGlite
// database: on a loaded 2-core machine that alone has taken 40 s, so the budget is wide.
describe('the server process', { timeout: 180_000 }, () => {
  it('stops at once with one line naming a bad setting', async () => {
    const r = run({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await r.exited).toBe(1);
    expect(r.output().trim()).toBe('KinoDost: bad setting: PORT="eighty" must be a whole number from 0 to 65535');
  });

  it('stops at once with one line naming the missing setting of a partial S3 config', async () => {
    const r = run({ DATA_DIR: dataDir, S3_BUCKET: 'kinodost', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(await r.exited).toBe(1);
    expect(r.output().trim()).toBe(
      'KinoDost: bad setting: S3_ACCESS_KEY_ID is missing: the S3 settings must all be given, or none',
    );
  });

  it('keeps a generated JWT secret, refuses a second process on the same PGlite folder, and drains on SIGTERM', async () => {
    const first = run({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const port = await waitForListening(first);

    // A second server is refused, and so is a command that opens the folder: they take the
    // same lock (docs/reliability.md, "Data folder lock").
    const second = run({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const backupFile = path.join(dataDir, 'refused.kdbackup');
    const backup = run({ DATA_DIR: dataDir }, path.join(import.meta.dirname, 'cli', 'backup.ts'), [backupFile]);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another KinoDost process \(pid \d+\)/);
    expect(await backup.exited).toBe(1);
    expect(backup.output()).toMatch(/is in use by another KinoDost process \(pid \d+\)/);
    expect(backup.output()).toContain('Stop the KinoDost server first, then run the backup again.');
    expect(existsSync(backupFile)).toBe(false);

    // Requests in flight when SIGTERM arrives still get their answers.
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `u${Math.random().toString(36).slice(2, 10)}`,
          email: `${Math.random()}@x.az`,
          password: 'kino-sevgisi-7',
        }),
      }).then(async (res) => ({ status: res.status, token: ((await res.json()) as { token: string }).token })),
    );
    // SIGTERM once the server has begun all twenty (hashing, one or two at a time, keeps most
    // of them running). Sent by the client is not yet received: one the server had not begun
    // by then would be a new request, rightly turned away with the drain's 503.
    await waitForOutput(first, 'the twenty registrations at the server', (out) =>
      registrationsReceived(out) >= 20 ? true : undefined,
    );
    first.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(await first.exited, first.output()).toBe(0);

    // A restart on the same folder reuses the secret and the data: the accounts still sign in.
    const third = run({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const port3 = await waitForListening(third);
    const ready = await fetch(`http://127.0.0.1:${port3}/api/ready`);
    expect(ready.status).toBe(200);
    const profile = await fetch(`http://127.0.0.1:${port3}/api/user/profile`, {
      headers: { authorization: `Bearer ${answers[0]?.token}` },
    });
    expect(profile.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
