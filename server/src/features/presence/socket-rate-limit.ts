/**
 * A fixed window per socket: past `allowed` events in a window the extra ones
 * are dropped, past `fatal` the socket is cut (a flood, not a busy client).
 */
export function createSocketRateLimit(opts: { windowMs: number; allowed: number; fatal: number }) {
  let windowStart = 0;
  let count = 0;
  return (now = Date.now()): 'ok' | 'drop' | 'cut' => {
    if (now - windowStart >= opts.windowMs) {
      windowStart = now;
      count = 0;
    }
    count++;
    if (count > opts.fatal) return 'cut';
    return count > opts.allowed ? 'drop' : 'ok';
  };
}
