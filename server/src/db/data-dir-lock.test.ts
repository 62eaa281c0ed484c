import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StarterAnswer } from '../test/lock-starter';

// Real processes race for the lock (docs/reliability.md, "Data folder lock"). Each starter is
// a small process that only takes the lock; it is told when to try, so all try at once.
const starterScript = path.join(import.meta.dirname, '../test/lock-starter.ts');
const tsx = import.meta.resolve('tsx');

interface Starter {
  child: ChildProcess;
  pid: number;
  /** Sends a command and resolves with the starter's answer. */
  ask(command: { take: string } | { release: true }): Promise<StarterAnswer>;
}

async function startStarter(): Promise<Starter> {
  const child = fork(starterScript, [], {
    execArgv: ['--import', tsx],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answers: StarterAnswer[] = [];
  const waiting: ((a: StarterAnswer) => void)[] = [];
  child.on('message', (a: StarterAnswer) => {
    const wake = waiting.shift();
    if (wake) wake(a);
    else answers.push(a);
  });
  const next = () => {
    const a = answers.shift();
    return a ? Promise.resolve(a) : new Promise<StarterAnswer>((r) => waiting.push(r));
  };
  const ready = await next();
  if (!('ready' in ready)) throw new Error(`starter said ${JSON.stringify(ready)} first`);
  return {
    child,
    pid: ready.pid,
    ask: (command) => {
      child.send(command);
      return next();
    },
  };
}

/** The pid of a process that has exited: what a crashed holder leaves in the lock file. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid as number;
}

const starters: Starter[] = [];
const dirs: string[] = [];
const newDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinodost-lock-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  starters.push(...(await Promise.all(Array.from({ length: 4 }, startStarter))));
});
afterAll(async () => {
  for (const s of starters) s.child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the data folder lock', () => {
  it('goes to exactly one of four processes starting at once on a folder a crashed process left locked, 25 times over', async () => {
    const stale = await deadPid();
    for (let trial = 0; trial < 25; trial++) {
      const dir = await newDir();
      await writeFile(path.join(dir, 'db.lock'), String(stale));
      const answers = await Promise.all(starters.map((s) => s.ask({ take: dir })));
      const winners = starters.filter((_, i) => (answers[i] as { won: boolean }).won);
      expect(winners.length, `trial ${trial}: ${JSON.stringify(answers)}`).toBe(1);
      const winner = winners[0] as Starter;
      for (const a of answers.filter((a) => !(a as { won: boolean }).won)) {
        expect(a).toEqual({
          won: false,
          refused: true,
          message:
            `The data folder ${dir} is in use by another KinoDost process (pid ${winner.pid}). ` +
            'PGlite allows one process per folder: stop that process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
        });
      }
      expect(await readFile(path.join(dir, 'db.lock'), 'utf8')).toBe(String(winner.pid));
      expect(await winner.ask({ release: true })).toEqual({ released: true });
    }
  });

  it('is free again once its holder releases it or is killed, with no stale lock to wait out', async () => {
    const [a, b, c] = starters as [Starter, Starter, Starter];
    const dir = await newDir();
    expect(await a.ask({ take: dir })).toEqual({ won: true });
    expect(await b.ask({ take: dir })).toMatchObject({ won: false, refused: true });
    expect(await a.ask({ release: true })).toEqual({ released: true });
    expect(await b.ask({ take: dir })).toEqual({ won: true });

    // SIGKILL leaves no chance to release: the kernel drops the lock with the process.
    b.child.kill('SIGKILL');
    await once(b.child, 'exit');
    expect(await readFile(path.join(dir, 'db.lock'), 'utf8')).toBe(String(b.pid));
    expect(await c.ask({ take: dir })).toEqual({ won: true });
    expect(await a.ask({ take: dir })).toMatchObject({ won: false, refused: true });
    await c.ask({ release: true });
  });
});
