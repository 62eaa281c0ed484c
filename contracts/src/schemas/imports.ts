import { type Static, Type } from 'typebox';
import { Nullable, StringEnum } from './common';

/** A title of an import that no catalogue film matched: it became a member film the member may fix by hand. */
export const UnmatchedTitle = Type.Object({
  title: Type.String(),
  year: Nullable(Type.Integer()),
});
export type UnmatchedTitle = Static<typeof UnmatchedTitle>;

export const ImportStatus = StringEnum(['running', 'done', 'failed'] as const);
export type ImportStatus = Static<typeof ImportStatus>;

/** POST /api/import answers 202 with this: the job is under way. */
export const ImportStarted = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ id: Type.String({ format: 'uuid' }), status: ImportStatus }),
});
export type ImportStarted = Static<typeof ImportStarted>;

/** GET /api/import/{id}: where an import stands, and its summary once done. */
export const ImportJob = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: ImportStatus,
  /** letterboxd, imdb or kinodost (this server's own CSV export). */
  format: Type.String(),
  /** Films in the file; `done` of them are applied. */
  total: Type.Integer(),
  done: Type.Integer(),
  added: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  unmatched: Type.Array(UnmatchedTitle),
  error: Type.Optional(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});
export type ImportJob = Static<typeof ImportJob>;

export const ImportJobReply = Type.Object({ success: Type.Literal(true), data: ImportJob });
export type ImportJobReply = Static<typeof ImportJobReply>;

/** `import:progress` on the member's sockets. */
export interface ImportProgress {
  id: string;
  done: number;
  total: number;
  /** The job's status once it is no longer running (the summary is then GET /api/import/{id}). */
  status?: ImportStatus;
}
