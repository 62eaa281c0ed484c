import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ImportJobRow, UnmatchedTitle } from '../../db/schema/index';
import { inBackground } from '../../db/turns';
import { uniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { type ImportItem, parseImportFile } from './import-files';
import * as repo from './imports.repository';

/** Films applied per transaction; the event loop comes round between batches. */
export const IMPORT_BATCH = 25;
/**
 * A running job whose heartbeat (written with every batch) is older than this belongs to a process
 * that died: it is undone and marked failed when its member starts another import, and when a
 * process starts on PostgreSQL. On PGlite one process owns the data, so every running job is.
 */
export const STALE_JOB_MS = 2 * 60_000;

export interface ImportsDeps {
  db: Db;
  kind: 'pglite' | 'postgres';
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Runs the job after the answer, counted by the shutdown drain (plugins/drain.ts). */
  runAfterReply(what: string, work: () => Promise<unknown>): void;
}

/** An import stopped by the server shutting down (undone, and failed with msg.imports.interrupted). */
class Interrupted extends Error {}

/** A day watched as a time: noon UTC, so the day reads the same in every time zone from UTC−11 to UTC+11. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
const dayOf = (at: Date | null) => at?.toISOString().slice(0, 10) ?? null;

/** What an item makes of an entry: undefined when the entry already says it all (a re-import). */
function changedEntry(entry: repo.EntryState, item: ImportItem): repo.EntryValues | undefined {
  const next: repo.EntryValues = {
    filmId: entry.filmId,
    rating: entry.rating,
    status: entry.status,
    watchedAt: entry.watchedAt,
  };
  // A watchlist row never takes back a film watched.
  if (item.status === 'watched') next.status = 'watched';
  if (item.rating !== null) next.rating = item.rating;
  if (item.watchedOn !== null && dayOf(entry.watchedAt) !== item.watchedOn) next.watchedAt = noonOf(item.watchedOn);
  const same = next.status === entry.status && next.rating === entry.rating && next.watchedAt === entry.watchedAt;
  return same ? undefined : next;
}

/** The entry an item makes of a film its member holds no entry of. */
export const newEntry = (filmId: string, item: ImportItem): repo.EntryValues => ({
  filmId,
  status: item.status,
  rating: item.rating,
  watchedAt: item.watchedOn === null ? null : noonOf(item.watchedOn),
});

/** Imports of members' Letterboxd and IMDb exports (docs/import-export.md). */
export const createImportsService = ({ db, kind, bus, log, runAfterReply }: ImportsDeps) => {
  let stopping = false;

  const progress = (job: Pick<ImportJobRow, 'id' | 'userId' | 'total' | 'status'>, done: number) =>
    bus.emit('import:progress', {
      userId: job.userId,
      id: job.id,
      done,
      total: job.total,
      ...(job.status === 'running' ? {} : { status: job.status }),
    });

  const undo = async (job: ImportJobRow, error: string) => {
    const after = await db.transaction((tx) => repo.undoJob(tx as unknown as Db, job.id, error));
    bus.emit('movies:changed', { ownerId: job.userId });
    if (after) progress(after, after.done);
  };

  /** Matches items to their films and the member's entries of them, in one statement. */
  const match = (job: ImportJobRow, input: repo.MatchInput[]) =>
    db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Planned afresh each time: the member's entries grow as the import goes, and a plan kept
      // from its first batches (on PGlite statements are kept by name) read every entry.
      await repo.planEachRun(tx);
      return repo.matchFilms(tx, job.userId, input);
    });

  /**
   * The film of each item of a batch and the member's entry of it: matched, and the missing ones
   * made as member films (with their undo rows, in the same statement) under ids chosen here, so
   * that nothing needs matching again but an IMDb id another process took meanwhile.
   */
  const filmsOf = async (job: ImportJobRow, items: ImportItem[]) => {
    const input = items.map((i, idx) => ({ idx, imdb_id: i.imdbId, title: i.title, year: i.year }));
    const filmOf = new Map<number, { id: string; member: boolean }>();
    const entries = new Map<string, repo.EntryState>();
    const take = (matches: repo.Match[]) => {
      for (const m of matches) {
        if (!m.film_id) continue;
        filmOf.set(m.idx, { id: m.film_id, member: m.source === 'member' });
        if (m.entry_id && m.status) {
          entries.set(m.film_id, {
            id: m.entry_id,
            filmId: m.film_id,
            rating: m.rating,
            status: m.status,
            watchedAt: m.watched_at === null ? null : new Date(m.watched_at),
          });
        }
      }
    };
    take(await match(job, input));
    const missing = input.filter((i) => !filmOf.has(i.idx)).map((i) => ({ idx: i.idx, id: randomUUID() }));
    if (missing.length > 0) {
      const made = await repo.insertMemberFilms(
        db,
        job.id,
        job.userId,
        missing.map(({ idx, id }) => ({ id, item: items[idx] as ImportItem })),
      );
      for (const { idx, id } of missing) if (made.has(id)) filmOf.set(idx, { id, member: true });
      const taken = input.filter((i) => !filmOf.has(i.idx));
      if (taken.length > 0) take(await match(job, taken));
    }
    return { filmOf, entries };
  };

  /**
   * One batch: its films matched, the missing ones made, its entries added, then those changed
   * with the progress, each write with its undo rows (in the same statement or transaction). Four
   * short turns of the database rather than one long one, since on PGlite a request's query waits
   * for the whole transaction running (docs/import-export.md). Answers the batch's unmatched titles.
   */
  const applyBatch = async (job: ImportJobRow, items: ImportItem[]): Promise<UnmatchedTitle[]> => {
    const { filmOf, entries } = await filmsOf(job, items);
    const undo: repo.UndoRow[] = [];
    // Two items of one film (titles a year apart that found the same film) act in turn on one entry.
    const toAdd = new Map<string, repo.EntryValues>();
    const toChange = new Map<string, repo.EntryValues & { id: string }>();
    let added = 0;
    let updated = 0;
    let skipped = 0;
    items.forEach((item, idx) => {
      const film = filmOf.get(idx);
      if (!film) {
        skipped++;
        return;
      }
      const pending = toAdd.get(film.id);
      const existing = entries.get(film.id);
      if (pending) {
        Object.assign(pending, changedEntry({ id: '', ...pending }, item) ?? {});
        skipped++;
      } else if (!existing) {
        toAdd.set(film.id, newEntry(film.id, item));
        added++;
      } else {
        const current = toChange.get(existing.id) ?? existing;
        const next = changedEntry({ ...current, id: existing.id }, item);
        if (!next) skipped++;
        else {
          if (!toChange.has(existing.id)) {
            updated++;
            undo.push({
              kind: 'updated',
              targetId: existing.id,
              prev: { rating: existing.rating, status: existing.status, watched_at: existing.watchedAt },
            });
          } else skipped++;
          toChange.set(existing.id, { ...next, id: existing.id });
        }
      }
    });
    // The titles the catalogue lacked whose entries this import adds (a member film's entry already
    // there, from an earlier import, is no news), each once.
    const unmatched: UnmatchedTitle[] = [];
    const listed = new Set<string>();
    items.forEach((item, idx) => {
      const film = filmOf.get(idx);
      if (!film?.member || !toAdd.has(film.id) || listed.has(film.id)) return;
      listed.add(film.id);
      unmatched.push({ title: item.title, year: item.year });
    });
    await repo.insertEntries(db, job.id, job.userId, [...toAdd.values()]);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await repo.updateEntries(tx, [...toChange.values()]);
      await repo.recordUndo(tx, job.id, undo);
      await repo.recordProgress(tx, job.id, { done: items.length, added, updated, skipped });
    });
    return unmatched;
  };

  /** Applies a job's items batch by batch; on any failure undoes what it did. */
  const run = async (job: ImportJobRow, items: ImportItem[]) => {
    let done = 0;
    // Written once, when the job is done: the summary is read then, and appending to a list that
    // grows with every batch rewrote it whole each time.
    const unmatched: UnmatchedTitle[] = [];
    try {
      for (let i = 0; i < items.length; i += IMPORT_BATCH) {
        if (stopping) throw new Interrupted();
        const batch = items.slice(i, i + IMPORT_BATCH);
        unmatched.push(...(await applyBatch(job, batch)));
        done += batch.length;
        progress(job, done);
        bus.emit('movies:changed', { ownerId: job.userId });
        // Other requests get their turn between batches (PGlite runs one transaction at a time).
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const finished = await db.transaction((tx) => repo.finishJob(tx as unknown as Db, job.id, unmatched));
      if (finished) progress(finished, finished.done);
    } catch (err) {
      const interrupted = err instanceof Interrupted;
      // The member deleted their account meanwhile: the job went with it, and with it what it had
      // added (docs/import-export.md "All or nothing"). Nothing failed and nothing is left to undo.
      if (!interrupted && !(await repo.findJob(db, job.id).catch(() => job))) {
        log.info({ jobId: job.id }, 'import dropped: its member deleted the account');
        return;
      }
      if (!interrupted) log.error({ err, jobId: job.id }, 'import failed; undoing it');
      await undo(job, interrupted ? msg.imports.interrupted : msg.imports.failed).catch((undoErr) =>
        log.error({ err: undoErr, jobId: job.id }, 'import could not be undone; it will be on the next start'),
      );
    }
  };

  /** Undoes and fails the running jobs whose process is gone. */
  const recoverStale = async (staleMs: number) => {
    for (const job of await repo.staleJobs(db, staleMs)) {
      log.warn({ jobId: job.id }, 'an import was interrupted by a restart; undoing it');
      await undo(job, msg.imports.interrupted);
    }
  };

  return {
    /**
     * Reads and checks the file (400 for a bad one, nothing written), records the job and starts
     * it after the answer. One running import per member: 409.
     */
    async start(userId: string, bytes: Buffer, fileName: string): Promise<ImportJobRow> {
      // A live import already running is told before the file is read (reading a large one costs
      // seconds of CPU); the unique index below still settles two that arrive together.
      const live = await repo.runningJobOf(db, userId);
      if (live && Date.now() - live.heartbeatAt.getTime() < STALE_JOB_MS) throw new ConflictError(msg.imports.running);
      const parsed = await parseImportFile(bytes, fileName);
      const insert = () => repo.insertJob(db, userId, parsed.format, parsed.items.length, parsed.skipped);
      let job: ImportJobRow;
      try {
        job = await insert();
      } catch (err) {
        if (uniqueViolation(err) !== 'import_jobs_one_running_key') throw err;
        const running = await repo.runningJobOf(db, userId);
        if (!running || Date.now() - running.heartbeatAt.getTime() < STALE_JOB_MS) {
          throw new ConflictError(msg.imports.running);
        }
        await undo(running, msg.imports.interrupted);
        job = await insert().catch((again: unknown) => {
          if (uniqueViolation(again) === 'import_jobs_one_running_key') throw new ConflictError(msg.imports.running);
          throw again;
        });
      }
      // On PGlite its transactions give way to other requests' queries (db/turns.ts).
      runAfterReply('import failed', () => inBackground(() => run(job, parsed.items)));
      return job;
    },

    /** A member's own job; anyone else's is not found. */
    async get(userId: string, id: string): Promise<ImportJobRow> {
      const job = await repo.findJob(db, id);
      if (!job || job.userId !== userId) throw new NotFoundError(msg.imports.notFound);
      if (job.status === 'running' && Date.now() - job.heartbeatAt.getTime() >= STALE_JOB_MS) {
        // Its process is gone (on PostgreSQL another may have restarted without it).
        await undo(job, msg.imports.interrupted);
        return (await repo.findJob(db, id)) as ImportJobRow;
      }
      return job;
    },

    /** On start: jobs a restart interrupted are undone and failed (docs/import-export.md). */
    recoverInterrupted: () => recoverStale(kind === 'pglite' ? 0 : STALE_JOB_MS),

    /** On shutdown: running jobs stop at their next batch and are undone. */
    stop() {
      stopping = true;
    },
  };
};
export type ImportsService = ReturnType<typeof createImportsService>;
