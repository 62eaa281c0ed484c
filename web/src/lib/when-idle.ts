/**
 * Runs `callback` once the browser is idle, at the latest after `timeoutMs` (or soon, where
 * requestIdleCallback is missing); returns the cancel function. For work a first view does not
 * need: it then stays out of the page's first render and paint.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}
