import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { overridingPglite } from './pglite-overrides';

/** How long queries may run back to back before the event loop gets a turn. */
const SLICE_MS = 2;
/** How long after another query background work waits before it starts, in case another follows. */
const GRACE_MS = 5;
/** Background work that has waited this many times its last item's run goes before others. */
const BACKGROUND_PATIENCE = 2;

const background = new AsyncLocalStorage<true>();

/**
 * Runs work whose PGlite queries (and transactions) give way to everyone else's: a member's import
 * (docs/import-export.md). On PostgreSQL it changes nothing; there each transaction has its own
 * connection.
 */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

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
 * Items started inBackground wait in a queue of their own and go when no other item waits and
 * none has finished for a short grace (a request runs JavaScript for a millisecond or two between
 * two of its queries, and its next query should not find the import's batch started in that gap),
 * or once one has waited twice as long as the last background item ran: while requests keep
 * coming, they get at least two thirds of PGlite's time and a request's each query waits for at
 * most one background item, yet the background work is never stalled for good.
 */
export function queriesInTurns(client: PGlite, sliceMs = SLICE_MS, graceMs = GRACE_MS): PGlite {
  const waiting: (() => void)[] = [];
  const waitingBackground: { go: () => void; since: number }[] = [];
  let lastBackgroundMs = 0;
  let lastOtherEnded = Number.NEGATIVE_INFINITY;
  let running = false;
  let turnStarted = 0;
  let graceTimer: NodeJS.Timeout | undefined;
  const next = () => {
    const now = performance.now();
    const oldest = waitingBackground[0];
    const due = oldest !== undefined && now - oldest.since >= BACKGROUND_PATIENCE * lastBackgroundMs;
    if (waiting.length > 0 && !due) return waiting.shift()?.();
    if (oldest && (due || now - lastOtherEnded >= graceMs)) return waitingBackground.shift()?.go();
    running = false;
    // Background work waits out the grace; a query arriving meanwhile goes first.
    if (oldest && !graceTimer) {
      graceTimer = setTimeout(
        () => {
          graceTimer = undefined;
          if (!running) {
            running = true;
            nextTurn();
          }
        },
        Math.max(0, graceMs - (now - lastOtherEnded)),
      );
    }
  };
  const nextTurn = () => {
    turnStarted = performance.now();
    next();
  };
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    const inBackground = background.getStore() === true;
    await new Promise<void>((resolve) => {
      if (inBackground) waitingBackground.push({ go: resolve, since: performance.now() });
      else waiting.push(resolve);
      if (!running) {
        running = true;
        setImmediate(nextTurn);
      }
    });
    const started = performance.now();
    try {
      return await work();
    } finally {
      if (inBackground) lastBackgroundMs = performance.now() - started;
      else lastOtherEnded = performance.now();
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
