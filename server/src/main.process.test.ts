import { type ChildProcess, spawn } from 'node:child_process';
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

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', tsx, main], {
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

async function waitForListening(r: Run): Promise<number> {
  // Generous: a loaded 2-core machine can take many seconds to start tsx and PGlite.
  for (let i = 0; i < 1200; i++) {
    const m = r.output().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    if (m) return Number(m[1]);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`server did not start:\n${r.output()}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-main-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
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

    const second = run({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another KinoDost process \(pid \d+\)/);

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
    // Hashing is bounded to one at a time here, so after 200 ms all 20 are received and most still queued.
    await new Promise((res) => setTimeout(res, 200));
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
