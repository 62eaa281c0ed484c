import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * True once `active` has held through the browser's next idle moment (at most `timeoutMs`),
 * false whenever `active` is false. For parts of a screen that can come a moment after its main
 * content: they then load, render and commit without holding that content back. The switch is a
 * transition, so React renders the new part in slices of a few milliseconds rather than in one
 * task that would keep the page from answering a tap (Lighthouse's Total Blocking Time).
 */
export function useIdleAfter(active: boolean, timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active) {
      setIdle(false);
      return;
    }
    return whenIdle(() => startTransition(() => setIdle(true)), timeoutMs);
  }, [active, timeoutMs]);
  return active && idle;
}
