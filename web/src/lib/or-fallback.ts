/**
 * A read whose failure the screen shows as an empty answer rather than an error: the friend
 * lists and counts, the newsletter lists and counts. `load`'s failure is already logged by the
 * API client (and a 401/403 has already ended the session), so it resolves to `fallback()`.
 * A cancelled read (its query unmounted) still rejects, so the query cache never keeps a
 * made-up answer as data.
 */
export const orFallback = async <T, F>(
  load: () => Promise<T>,
  fallback: () => F,
  signal?: AbortSignal,
): Promise<T | F> => {
  try {
    return await load();
  } catch (error) {
    if (signal?.aborted) throw error;
    return fallback();
  }
};
