/** The PostgreSQL error behind an error: drizzle wraps driver errors in DrizzleQueryError (`cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    e = candidate.cause;
  }
  return undefined;
}

/** The violated unique constraint's name, when err is a unique violation. */
export const uniqueViolation = (err: unknown): string | undefined => {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : undefined;
};

/**
 * The violated foreign key's name, when err is a foreign-key violation: a row the write refers to
 * went between the service's check and the write (an entry deleted as a comment on it goes in).
 */
export const foreignKeyViolation = (err: unknown): string | undefined => {
  const pg = pgErrorOf(err);
  return pg?.code === '23503' ? (pg.constraint ?? '') : undefined;
};

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * True when err says the database cannot be reached (down, restarting, or the connection dropped).
 * pg's "Client has encountered a connection error and is not queryable" is the next query on a
 * client whose connection dropped between queries, such as a transaction's rollback.
 */
export function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const c = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && (CONNECTION_CODES.has(c.code) || /^(57P0[1-3]|08...)$/.test(c.code))) return true;
    if (
      typeof c.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(c.message)
    )
      return true;
    e = c.cause;
  }
  return false;
}
