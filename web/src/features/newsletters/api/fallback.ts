import type { FailedCount, FailedList } from './newsletter-types';

/**
 * Runs a newsletter fetch with the fallback of docs/product.md#error-texts: a failure (already logged, and on a
 * 401/403 already ending the session, by socialRequest) resolves to `fallback`. A deliberate
 * cancellation still rejects, so the query cache never stores a cancelled answer as data.
 */
export const withFallback = async <T, F extends FailedList | FailedCount>(
  request: Promise<T>,
  fallback: F,
  signal?: AbortSignal,
): Promise<T | F> => {
  try {
    return await request;
  } catch (error) {
    if (signal?.aborted) throw error;
    return fallback;
  }
};

export const failedList = (): FailedList => ({ success: false, data: [] });
export const failedCount = (): FailedCount => ({ success: false, count: 0 });
