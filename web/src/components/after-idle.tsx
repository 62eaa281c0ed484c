import type { ReactNode } from 'react';
import { useIdleAfter } from '../lib/use-idle-after';

/**
 * `children` once `active` has held through the browser's next idle moment (useIdleAfter), or at
 * once when `now`; `fallback` until then. A component of its own so that the switch re-renders
 * only what it adds: the same state in a page re-rendered the whole page with it, 500 components
 * for the dashboard's dialogs and 115 for the header's menus (docs/benchmarks.md, "A member page's
 * re-renders").
 */
export function AfterIdle({
  active = true,
  now = false,
  fallback = null,
  children,
}: {
  active?: boolean;
  now?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const idle = useIdleAfter(active);
  return idle || now ? children : fallback;
}
