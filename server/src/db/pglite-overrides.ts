import type { PGlite } from '@electric-sql/pglite';

/** PGlite with some of its methods replaced (db/turns.ts, db/pglite-statements.ts); the rest is PGlite's own. */
export function overridingPglite<K extends keyof PGlite>(client: PGlite, methods: Pick<PGlite, K>): PGlite {
  return new Proxy(client, {
    get(target, key) {
      if (Object.hasOwn(methods, key)) return methods[key as K];
      // PGlite keeps private fields: its methods must run on PGlite itself, not on the proxy.
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
