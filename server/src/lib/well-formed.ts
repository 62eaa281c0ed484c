/**
 * JSON may spell lone UTF-16 surrogates (`"\udc00"`), which no UTF-8 text can hold.
 * PostgreSQL would store them as U+FFFD anyway, but PGlite 0.5 miscounts the bytes of
 * such a string and silently cuts its tail (a trailing character or a NUL that should
 * have been refused). Replacing them at the edge makes both databases store the same
 * thing, exactly what the client would read back.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return (value.isWellFormed() ? value : value.toWellFormed()) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormed(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const clean = wellFormed(key);
      const inner = wellFormed(record[key]);
      if (clean !== key) delete record[key];
      record[clean] = inner;
    }
  }
  return value;
}
