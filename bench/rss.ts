// Resident memory of the processes a benchmark runs (issue #28's memory budgets), read from
// /proc on Linux: what the operating system holds for a process, WASM heap and buffers included.
import { readFileSync } from 'node:fs';

/** A process's resident set in MiB (VmRSS), or NaN where /proc has none. */
export function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const higher = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));

/** Samples the processes' resident sets every `everyMs` until stop(), which answers the highest of each. */
export function sampleRss(pids: (number | undefined)[], everyMs = 200): { stop(): number[] } {
  const peaks = pids.map((pid) => rssMiB(pid));
  const sample = () => {
    pids.forEach((pid, i) => {
      peaks[i] = higher(peaks[i] as number, rssMiB(pid));
    });
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
