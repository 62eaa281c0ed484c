import type { PGlite } from '@electric-sql/pglite';
import { overridingPglite } from './pglite-overrides';

/** How long queries may run back to back before the event loop gets a turn. */
const SLICE_MS = 2;

/**
 * Runs PGlite's queries in turns of the event loop: at most a slice of time's worth each.
 *
 * PGlite executes a query synchronously on the main thread. Left to itself, every query started
 * in one turn of the loop ran back to back in that turn, and a saturated Node process accepts
 * about one new connection per turn: under writing connections, a reader that connected anew
 * waited far longer to be accepted than any request took once accepted (bench/http.ts, "reads
 * while writing"; docs/benchmarks.md). Here each query waits in a queue; once a turn has run
 * queries for SLICE_MS, the next starts on a later turn (setImmediate), so the loop comes round,
 * accepting and reading, every few milliseconds.
 * A transaction is one item: its own statements go straight to PGlite, which holds it anyway.
 */
export function queriesInTurns(client: PGlite, sliceMs = SLICE_MS): PGlite {
  const waiting: (() => void)[] = [];
  let running = false;
  let turnStarted = 0;
  const next = () => {
    const go = waiting.shift();
    if (go) go();
    else running = false;
  };
  const nextTurn = () => {
    turnStarted = performance.now();
    next();
  };
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!running) {
        running = true;
        setImmediate(nextTurn);
      }
    });
    try {
      return await work();
    } finally {
      // Short queries share a turn, up to a slice; then the loop comes round.
      if (performance.now() - turnStarted < sliceMs) next();
      else setImmediate(nextTurn);
    }
  };
  const turns: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (...args) => inTurn(() => client.query(...args)),
    exec: (...args) => inTurn(() => client.exec(...args)),
    transaction: (fn) => inTurn(() => client.transaction(fn)),
  };
  // Drizzle's PGlite session calls only these three; anything else goes to PGlite itself.
  return overridingPglite(client, turns);
}
