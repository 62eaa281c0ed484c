import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first answer to each POST sent with an `Idempotency-Key` (plugins/idempotency.ts), so that
 * a repeat within 24 hours gets it again. In the database, not in memory, so that a retry that
 * reaches another process behind the load balancer finds it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The member who sent it, or '' for a visitor (registration, password reset). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** HMAC of the request (method, URL, body): the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    /** The answer, encrypted (it may carry a session token). */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
