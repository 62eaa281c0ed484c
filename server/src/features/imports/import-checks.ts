import { ConflictError, RateLimitedError } from '../../lib/errors';
import { msg } from '../../lib/messages';

/** Files checked at once by one process; past it a sender is asked to come back (429). */
export const IMPORT_CHECKS_AT_ONCE = 4;
const RETRY_AFTER_SECONDS = 5;

/**
 * How many uploaded exports this process reads and checks at once. An upload is held in memory
 * and parsed before any job exists, so the one-running-import rule did not reach it: a member
 * sending a dozen 10 MB files together had them all parsed side by side, and the process's heap
 * and every other request's latency grew with them. Now one member has one file checked at a
 * time (a second is 409, as during their running import) and the process a few (429).
 */
export function createImportChecks(atOnce = IMPORT_CHECKS_AT_ONCE) {
  const checking = new Set<string>();
  return {
    /** Takes a place for `userId`'s upload before its body is read; the answer frees it. */
    take(userId: string): () => void {
      if (checking.has(userId)) throw new ConflictError(msg.imports.running);
      if (checking.size >= atOnce) throw new RateLimitedError(msg.imports.busy, RETRY_AFTER_SECONDS);
      checking.add(userId);
      return () => checking.delete(userId);
    },
  };
}
