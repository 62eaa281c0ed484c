// What the benchmarks need to run servers and loads beside each other: a free port, one load
// (bench/http-load.ts) in a process of its own, so that the load generator's work is not counted
// against the process it measures, and a check that a server answers a request before it is loaded.
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { LoadResult, LoadSpec } from './http-load';
import { latencyOf, mergeHistograms } from './latency';

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

/**
 * Several slices as one: mean req/s, and the latencies of all their requests together (their
 * histograms merged), so that one slice's pause weighs as its share of the requests.
 */
const combineSlices = (rs: LoadResult[]): LoadResult => {
  const histogram = mergeHistograms(rs.map((r) => r.histogram));
  return {
    rps: rs.reduce((a, r) => a + r.rps, 0) / rs.length,
    ...latencyOf(histogram),
    histogram,
    firstAnswers: rs.reduce((a, r) => a + r.firstAnswers, 0),
    requests: rs.reduce((a, r) => a + r.requests, 0),
    non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
    errors: rs.reduce((a, r) => a + r.errors, 0),
    timeouts: rs.reduce((a, r) => a + r.timeouts, 0),
    headerCounts: rs.reduce<Record<string, number>>((all, r) => {
      for (const [k, v] of Object.entries(r.headerCounts ?? {})) all[k] = (all[k] ?? 0) + v;
      return all;
    }, {}),
  };
};

/**
 * Loads taken in turn, a slice of each a round for `rounds` rounds, each one's slices combined:
 * load that drifts on a shared machine then weighs on all of them alike, and ratios between them
 * mean something. Each spec's duration is one slice's; `run` takes one slice (runLoad, or a
 * bench's own wrapper of it).
 */
export async function inTurn<T extends LoadSpec[]>(
  specs: [...T],
  rounds: number,
  run: (spec: LoadSpec) => Promise<LoadResult> = runLoad,
): Promise<{ [K in keyof T]: LoadResult }> {
  const slices: LoadResult[][] = specs.map(() => []);
  for (let k = 0; k < rounds; k++) for (const [i, spec] of specs.entries()) slices[i]?.push(await run(spec));
  return slices.map(combineSlices) as { [K in keyof T]: LoadResult };
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

/**
 * Sends one request (a POST of `body` when given) and throws unless it answers 200 or 201, so that
 * a wrong path cannot pass as a fast error under load. Answers the body.
 */
export async function expectOk(base: string, p: string, token?: string, body?: string): Promise<string> {
  const res = await fetch(base + p, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) throw new Error(`${p} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}
