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

/** The chart ranges the overview offers, in days. */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** GET /api/stats/admin?days: the series covers the last `days` UTC days, today included. */
export const AdminStatsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ enum: [...STATS_RANGES], default: 30 })),
});
export type AdminStatsQuery = Static<typeof AdminStatsQuery>;

/**
 * GET /api/stats/admin: the two counts of docs/product.md#admin-area, the catalogue's sizes, members active today and
 * in the last seven UTC days (by last seen), plus `days` days of activity.
 */
export const AdminStats = Type.Object({
  userCount: Type.Integer(),
  pendingCommentCount: Type.Integer(),
  movieCount: Type.Integer(),
  filmCount: Type.Integer(),
  commentCount: Type.Integer(),
  activeToday: Type.Integer(),
  activeThisWeek: Type.Integer(),
  series: Type.Array(DailyActivity),
});
export type AdminStats = Static<typeof AdminStats>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ DailyActivity, AdminStats });
