// The machine a result was measured on, and the shared shape of a result file, so two commits
// (or two machines) can be compared from bench/results/*.json alone.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Machine {
  cores: number;
  cpu: string;
  memory_gib: number;
  node: string;
  platform: string;
  commit: string;
  date: string;
}

export function machine(): Machine {
  let commit = 'unknown';
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: import.meta.dirname })
        .toString()
        .trim();
    commit = git('rev-parse', '--short', 'HEAD');
    // Uncommitted changes to what is measured make the commit alone a wrong label.
    if (git('status', '--porcelain', '--', '../server', '../contracts', '../web/src')) commit += '+uncommitted';
  } catch {}
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit,
    date: new Date().toISOString(),
  };
}

/** One line of the summary table: a figure, its budget, and whether it holds. */
export interface Figure {
  figure: string;
  value: string;
  /** The reference the figure is a ratio to, with its own figures from the same run. */
  reference?: string;
  budget: string;
  /** The figure against its reference or budget, as the budget states it (higher or lower is better, see budget). */
  ratio: number | null;
  pass: boolean | null;
}

export const resultsDir = path.join(import.meta.dirname, 'results');

/** A load's latency histogram (LoadResult) is base64 for merging slices, not for reading: left out. */
const withoutHistograms = (key: string, value: unknown) => (key === 'histogram' ? undefined : value);

/** `data` as JSON for a person to read: what the result file holds of it. */
export const readable = (data: unknown): string => JSON.stringify(data, withoutHistograms, 2);

/** Writes results/<name>.json (with the machine and the summary figures) and results/<name>.md. */
export async function writeResult(name: string, data: Record<string, unknown>, figures: Figure[], markdown: string) {
  const m = machine();
  await writeFile(
    path.join(resultsDir, `${name}.json`),
    `${readable({ benchmark: name, machine: m, figures, ...data })}\n`,
  );
  await writeFile(
    path.join(resultsDir, `${name}.md`),
    `${markdown}\nMeasured ${m.date} on ${m.cores} cores (${m.cpu}), Node ${m.node}, commit ${m.commit}.\n`,
  );
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));
