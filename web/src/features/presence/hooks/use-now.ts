import { useEffect, useState } from 'react';

/** How often relative times ('N dəqiqə əvvəl') are recomputed. */
export const NOW_TICK_MS = 30_000;

/** The current time, refreshed every `intervalMs`, so relative texts stay true on a page left open. */
export function useNow(intervalMs = NOW_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
