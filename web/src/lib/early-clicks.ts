import { EARLY_CLICKS_GLOBAL } from '@kinodost/contracts/boot-script';
import { useEffect } from 'react';

/**
 * Clicks again, in order, the buttons clicked on the prerendered landing page before React took it
 * over (index.html's boot script kept them, contracts/src/boot-script.ts), once. Hydration keeps the
 * page's nodes, so each is the very button now wired to its handler; one no longer in the page
 * (React had to render afresh) is skipped.
 */
export function replayEarlyClicks(): void {
  const scope = globalThis as { [EARLY_CLICKS_GLOBAL]?: HTMLElement[] };
  const clicks = scope[EARLY_CLICKS_GLOBAL] ?? [];
  delete scope[EARLY_CLICKS_GLOBAL];
  for (const button of clicks) if (button.isConnected) button.click();
}

/**
 * For the prerendered page's own component (the landing page): its effect runs once React has
 * hydrated it, and so every Suspense boundary above it, the header's included. An effect at the
 * root would run before those boundaries are hydrated, when a click reaches no handler yet.
 */
export function useReplayEarlyClicks(): void {
  useEffect(replayEarlyClicks, []);
}
