// `npm run bench`: every benchmark in turn, each in its own process, then the summary table
// (bench/results/summary.md, and README.md's Benchmarks section). Data is generated only when
// missing. A step that crashes is named in the summary and the run goes on.
//   npm run bench                 (everything)
//   npm run bench -- http search  (only those steps, then the summary)
// Durations: BENCH_DURATION / BENCH_WARMUP (seconds per HTTP run), BENCH_SOCKETS (presence).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pgliteDataDir } from './generate';
import { resultsDir } from './machine';
import { summarise } from './summary';

const here = import.meta.dirname;
const root = path.join(here, '..');

interface Step {
  name: string;
  script: string;
  args?: string[];
  /** The result file it writes; a step that exits non-zero but wrote it just missed a budget. */
  result?: string;
}

const steps: Step[] = [
  { name: 'generate', script: 'generate.ts' },
  { name: 'generate-pglite', script: 'generate.ts', args: ['--pglite', pgliteDataDir()] },
  { name: 'search', script: 'search.ts', result: 'search' },
  { name: 'presence', script: 'presence.ts', result: 'presence' },
  { name: 'messages', script: 'messages.ts', result: 'messages' },
  { name: 'http', script: 'http.ts', result: 'http' },
  // Each feature's own bench, run when present; it writes results/<name>.json with `figures`
  // (bench/machine.ts writeResult), which the summary reads as they are: one line each.
  { name: 'feed', script: 'feed.ts', result: 'feed' },
  { name: 'import', script: 'import.ts', result: 'import' },
  // MediaTracker beside KinoDost (issue 28): measured only where MEDIATRACKER_DIR points at a
  // built MediaTracker (docs/benchmarks.md); elsewhere it says how to build it and exits 0.
  { name: 'peer', script: 'peer.ts', result: 'peer' },
  // Written alongside (web bundle sizes and Lighthouse); run when present.
  { name: 'web-bundle', script: 'web-bundle.ts', result: 'web-bundle' },
  { name: 'lighthouse', script: 'lighthouse.ts', result: 'lighthouse' },
];

const run = (step: Step) =>
  new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(here, step.script), ...(step.args ?? [])],
      { cwd: root, stdio: 'inherit' },
    );
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const only = process.argv.slice(2);
const failed: string[] = [];
const started = Date.now();
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (!existsSync(path.join(here, step.script))) {
    console.log(`[bench] ${step.name}: ${step.script} not present, skipped`);
    continue;
  }
  console.log(`\n[bench] ${step.name}…`);
  const t0 = Date.now();
  const code = await run(step);
  const resultFile = step.result && path.join(resultsDir, `${step.result}.json`);
  const wrote = resultFile && existsSync(resultFile) && statSync(resultFile).mtimeMs >= t0;
  if (code !== 0 && !wrote) failed.push(`${step.name} (exit ${code})`);
  console.log(`[bench] ${step.name}: exit ${code} after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
console.log(`\n[bench] all steps in ${((Date.now() - started) / 60_000).toFixed(1)} min\n`);
await summarise({ readme: true, failedSteps: failed });
if (failed.length) process.exitCode = 1;
