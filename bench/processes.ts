// What the benchmarks need to run servers and loads beside each other: a free port, and one load
// (bench/http-load.ts) in a process of its own, so that the load generator's work is not counted
// against the process it measures.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { LoadResult, LoadSpec } from './http-load';

/** A TCP port of 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs one load (bench/http-load.ts) in its own process and answers its result. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'http-load.ts'), [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { ok: boolean; result?: LoadResult; error?: string }) =>
      m.ok && m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(spec);
  });
}

/** Stops a server the bench started: SIGTERM, SIGKILL after 15 s; resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}
