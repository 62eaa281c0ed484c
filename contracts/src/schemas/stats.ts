import { type Static, Type } from 'typebox';
import { nameSchemas } from './named';

/** One day of activity for the admin overview chart. */
export const DailyActivity = Type.Object({
  /** YYYY-MM-DD (UTC). */
  date: Type.String(),
  signups: Type.Integer(),
  movies: Type.Integer(),
  comments: Type.Integer(),
});
export type DailyActivity = Static<typeof DailyActivity>;

/** GET /api/stats/admin: SPEC.md's two counts, plus the last 30 days of activity. */
export const AdminStats = Type.Object({
  userCount: Type.Integer(),
  pendingCommentCount: Type.Integer(),
  movieCount: Type.Integer(),
  series: Type.Array(DailyActivity),
});
export type AdminStats = Static<typeof AdminStats>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ DailyActivity, AdminStats });
