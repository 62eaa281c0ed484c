/** The part of the Prioritized Task Scheduling API used here (`scheduler.yield()`, Chromium 129 and later). */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Ends the current task: what follows the await runs in a task of its own, ahead of the tasks
 * already queued, so the browser may paint or answer a tap in between. Where the browser has no
 * `scheduler.yield()` (Safari; the tests' happy-dom) it goes on at once, as without it.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: Partial<YieldingScheduler> };
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : Promise.resolve();
}
