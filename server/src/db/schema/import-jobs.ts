import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A title of an import that no catalogue film matched (it became a member film). */
export interface UnmatchedTitle {
  title: string;
  year: number | null;
}

/**
 * A member's import of a Letterboxd or IMDb export (docs/import-export.md): read and checked in the
 * request, applied afterwards in batches, its progress here so that any process can answer it.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('running'),
    /** letterboxd, imdb or kinodost (the Letterboxd-readable CSV this server exports). */
    format: text('format').notNull(),
    /** Films in the file (rows of one film, a diary's rewatches, are one). */
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    unmatched: jsonb('unmatched').$type<UnmatchedTitle[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why a failed import failed, in Azerbaijani. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written with every batch: a running job whose heartbeat stopped belongs to a dead process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One running import per member: a second answers 409, also when two start at once.
    uniqueIndex('import_jobs_one_running_key').on(t.userId).where(sql`${t.status} = 'running'`),
    index('import_jobs_user_idx').on(t.userId, t.createdAt),
    index('import_jobs_running_idx').on(t.heartbeatAt).where(sql`${t.status} = 'running'`),
    check('import_jobs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);
export type ImportJobRow = typeof importJobs.$inferSelect;

/**
 * What a running import changed, so that a failure (or a restart in the middle) can undo it:
 * `film` a member film it made, `added` an entry it made, `updated` an entry it changed, with the
 * values before. Dropped once the job is done.
 */
export const importUndo = pgTable(
  'import_undo',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['film', 'added', 'updated'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** For `updated`: {rating, status, watched_at} before. */
    prev: jsonb('prev'),
  },
  (t) => [index('import_undo_job_idx').on(t.jobId, t.seq)],
);
