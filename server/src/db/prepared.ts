import type { Db } from './client';

/**
 * Statements of the hot read paths, built once per database handle.
 *
 * Drizzle builds a query's SQL on every call, a large share of a cheap read's CPU time in
 * the profiles (bench/profile.ts). A prepared query keeps the SQL with placeholders, and on
 * PostgreSQL it is a named statement: each pooled connection parses it once and can reuse
 * its plan, where an unnamed one is parsed and planned on every call.
 *
 * `build` must always make the same statement for a name: node-postgres refuses a name
 * reused with other SQL. Note for deployments: named statements need a session per client,
 * so a PgBouncer in front must run in session mode.
 */
const byDb = new WeakMap<Db, Map<string, unknown>>();

export function preparedOnce<T>(db: Db, name: string, build: (name: string) => T): T {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
