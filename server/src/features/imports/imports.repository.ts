import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ImportJobRow, importJobs, importUndo, type UnmatchedTitle } from '../../db/schema/index';
import type { ImportFormat, ImportItem } from './import-files';

/** All SQL of imports (docs/import-export.md). */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export const insertJob = async (db: Db, userId: string, format: ImportFormat, total: number, skipped: number) =>
  (await db.insert(importJobs).values({ userId, format, total, skipped }).returning())[0] as ImportJobRow;

export const findJob = async (db: Db, id: string): Promise<ImportJobRow | undefined> =>
  (await db.select().from(importJobs).where(eq(importJobs.id, id)))[0];

/** The member's running import, if any. */
export const runningJobOf = async (db: Db, userId: string): Promise<ImportJobRow | undefined> =>
  (
    await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.userId, userId), eq(importJobs.status, 'running')))
  )[0];

/** Running jobs whose heartbeat is older than `staleMs` (0: every running job). */
export const staleJobs = async (db: Db, staleMs: number): Promise<ImportJobRow[]> =>
  db
    .select()
    .from(importJobs)
    .where(
      and(
        eq(importJobs.status, 'running'),
        sql`${importJobs.heartbeatAt} <= now() - ${`${staleMs} milliseconds`}::interval`,
      ),
    );

/** The rest of the transaction plans each statement for its own parameters, keeping no plan. */
export const planEachRun = async (tx: Db) => {
  await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
};

/** One film of a batch as the matching query reads it. */
export interface MatchInput {
  idx: number;
  imdb_id: string | null;
  title: string;
  year: number | null;
}

export interface Match {
  idx: number;
  film_id: string | null;
  source: string | null;
  /** The owner's entry of the film, if any. */
  entry_id: string | null;
  rating: number | null;
  status: 'watched' | 'watchlist' | null;
  watched_at: string | Date | null;
}

/**
 * The film of each item (docs/catalogue.md "Linking"): by IMDb id, else by folded title and a year
 * within one (closest year, then oldest film), a row with an IMDb id only to a film without
 * another one; with the owner's entry of it. One statement for the batch.
 */
export const matchFilms = async (db: Db, ownerId: string, items: MatchInput[]): Promise<Match[]> =>
  rowsOf<Match>(
    await db.execute(sql`
      select v.idx, m.id as film_id, m.source, e.id as entry_id, e.rating, e.status, e.watched_at
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(idx int, imdb_id text, title text, year int)
      left join lateral (
        select c.id, c.source from (
          select f.id, f.source, 0 as pri, 0 as dist, f.created_at
          from films f where v.imdb_id is not null and f.imdb_id = v.imdb_id
          union all
          select f.id, f.source, 1, coalesce(abs(f.year - v.year), 0), f.created_at
          from films f
          where f.title_key = kd_fold(v.title)
            and (case when v.year is null then f.year is null else f.year between v.year - 1 and v.year + 1 end)
            and (v.imdb_id is null or f.imdb_id is null or f.imdb_id = v.imdb_id)
        ) c
        order by c.pri, c.dist, c.created_at, c.id
        limit 1
      ) m on true
      left join movies e on e.owner_id = ${ownerId}::uuid and e.film_id = m.id`),
  );

/**
 * Makes member films for items no film matched, under the ids given, keeping an IMDb row's id and
 * facts, and records them in the job's undo log, in one statement. Answers the ids made: an IMDb
 * id another process took meanwhile is skipped, and the caller matches that item again.
 */
export const insertMemberFilms = async (
  db: Db,
  jobId: string,
  creatorId: string,
  items: { id: string; item: ImportItem }[],
): Promise<Set<string>> => {
  if (items.length === 0) return new Set();
  const rows = items.map(({ id, item: i }) => ({
    id,
    title: i.title,
    original_title: i.originalTitle ?? null,
    year: i.year,
    directors: i.directors ?? [],
    genres: i.genres ?? [],
    runtime: i.runtime ?? null,
    imdb_id: i.imdbId,
  }));
  const made = rowsOf<{ id: string }>(
    await db.execute(sql`
      with made as (
        insert into films (id, title, original_title, year, directors, genres, runtime, imdb_id, source, created_by)
        select v.id, v.title, v.original_title, v.year, v.directors, v.genres, v.runtime, v.imdb_id, 'member', ${creatorId}::uuid
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id uuid, title text, original_title text, year int, directors text[], genres text[], runtime int, imdb_id text)
        on conflict (imdb_id) do nothing
        returning id
      ), undo as (
        insert into import_undo (job_id, kind, target_id) select ${jobId}::uuid, 'film', id from made
      )
      select id from made`),
  );
  return new Set(made.map((r) => r.id));
};

export interface EntryState {
  id: string;
  filmId: string;
  rating: number | null;
  status: 'watched' | 'watchlist';
  watchedAt: Date | null;
}

export interface EntryValues {
  filmId: string;
  rating: number | null;
  status: 'watched' | 'watchlist';
  watchedAt: Date | null;
}

/** An entry's values as the statements below read them from JSON. */
const entryJson = (v: EntryValues) => ({
  rating: v.rating,
  status: v.status,
  watched_at: v.watchedAt?.toISOString() ?? null,
});

/** Adds entries and records them in the job's undo log, in one statement. */
export const insertEntries = async (db: Db, jobId: string, ownerId: string, values: EntryValues[]) => {
  if (values.length === 0) return;
  const rows = values.map((v) => ({ film_id: v.filmId, ...entryJson(v) }));
  await db.execute(sql`
    with added as (
      insert into movies (owner_id, film_id, rating, status, watched_at)
      select ${ownerId}::uuid, v.film_id, v.rating, v.status, v.watched_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(film_id uuid, rating smallint, status text, watched_at timestamptz)
      returning id
    )
    insert into import_undo (job_id, kind, target_id) select ${jobId}::uuid, 'added', id from added`);
};

/** Sets rating, status and watched_at of entries, one statement. */
export const updateEntries = async (db: Db, values: (EntryValues & { id: string })[]) => {
  if (values.length === 0) return;
  const rows = values.map((v) => ({ id: v.id, ...entryJson(v) }));
  await db.execute(sql`
    update movies m set rating = v.rating, status = v.status, watched_at = v.watched_at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, rating smallint, status text, watched_at timestamptz)
    where m.id = v.id`);
};

export interface UndoRow {
  kind: 'film' | 'added' | 'updated';
  targetId: string;
  prev?: unknown;
}

export const recordUndo = async (db: Db, jobId: string, rows: UndoRow[]) => {
  if (rows.length === 0) return;
  await db.insert(importUndo).values(rows.map((r) => ({ jobId, kind: r.kind, targetId: r.targetId, prev: r.prev })));
};

export const recordProgress = async (
  db: Db,
  id: string,
  p: { done: number; added: number; updated: number; skipped: number },
) => {
  await db
    .update(importJobs)
    .set({
      done: sql`${importJobs.done} + ${p.done}`,
      added: sql`${importJobs.added} + ${p.added}`,
      updated: sql`${importJobs.updated} + ${p.updated}`,
      skipped: sql`${importJobs.skipped} + ${p.skipped}`,
      heartbeatAt: sql`now()`,
    })
    .where(eq(importJobs.id, id));
};

/** Marks a job done with its unmatched titles and forgets how to undo it. */
export const finishJob = async (db: Db, id: string, unmatched: UnmatchedTitle[]) => {
  await db.delete(importUndo).where(eq(importUndo.jobId, id));
  return (
    await db
      .update(importJobs)
      .set({ status: 'done', unmatched, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, id))
      .returning()
  )[0];
};

/** Deletes the films among `ids` (a subquery of film ids) that no entry or comment holds now. */
const deleteUnheldFilms = (db: Db, ids: SQL) =>
  db.execute(sql`
    delete from films f
    where f.id in ${ids}
      and not exists (select 1 from movies m where m.film_id = f.id)
      and not exists (select 1 from comments c where c.film_id = f.id)`);

/**
 * The member films a member's running import has made so far (its undo log), for a deletion of
 * the member to take along: the log goes with the member (docs/import-export.md).
 */
export const filmsOfRunningImports = async (db: Db, userId: string): Promise<string[]> =>
  (
    (await db.execute(sql`
      select u.target_id as id from import_undo u join import_jobs j on j.id = u.job_id
      where j.user_id = ${userId}::uuid and j.status = 'running' and u.kind = 'film'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);

/** Deletes the films among `filmIds` that no entry or comment holds now. */
export const deleteFilmsIfUnheld = (db: Db, filmIds: string[]) =>
  deleteUnheldFilms(db, sql`(select jsonb_array_elements_text(${JSON.stringify(filmIds)}::jsonb)::uuid)`);

/**
 * Undoes what a job changed and marks it failed: the entries it changed get their values back
 * (the earliest recorded, should one have been changed twice), the entries it made go, and so do
 * the member films it made unless something else holds them now.
 */
export const undoJob = async (db: Db, id: string, error: string) => {
  await db.execute(sql`
    update movies m set rating = (u.prev->>'rating')::smallint, status = u.prev->>'status',
      watched_at = (u.prev->>'watched_at')::timestamptz, updated_at = now()
    from (
      select distinct on (target_id) target_id, prev from import_undo
      where job_id = ${id} and kind = 'updated' order by target_id, seq
    ) u
    where m.id = u.target_id`);
  await db.execute(sql`
    delete from movies where id in (select target_id from import_undo where job_id = ${id} and kind = 'added')`);
  await deleteUnheldFilms(db, sql`(select target_id from import_undo where job_id = ${id} and kind = 'film')`);
  await db.delete(importUndo).where(eq(importUndo.jobId, id));
  return (
    await db
      .update(importJobs)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(eq(importJobs.id, id))
      .returning()
  )[0];
};
