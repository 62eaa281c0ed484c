import type { AdminStats, StatsRange } from '@kinodost/contracts/schemas/stats';
import { apiRequest } from '../../../lib/api-client';

export type { AdminStats, StatsRange };

/** The server's default range; asked for without `?days` so the call stays the plain one. */
export const DEFAULT_STATS_RANGE: StatsRange = 30;

const EMPTY: AdminStats = {
  userCount: 0,
  pendingCommentCount: 0,
  movieCount: 0,
  filmCount: 0,
  commentCount: 0,
  activeToday: 0,
  activeThisWeek: 0,
  series: [],
};

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * GET /api/stats/admin. docs/product.md#admin-area: on failure this yields zeros for both counts instead
 * of an error; the activity series is then empty (the chart shows its empty state).
 */
export const getAdminStats = async (
  signal?: AbortSignal,
  days: StatsRange = DEFAULT_STATS_RANGE,
): Promise<AdminStats> => {
  try {
    const path = days === DEFAULT_STATS_RANGE ? '/stats/admin' : `/stats/admin?days=${days}`;
    const stats = await apiRequest<Partial<AdminStats>>(path, { signal });
    return {
      userCount: count(stats.userCount),
      pendingCommentCount: count(stats.pendingCommentCount),
      movieCount: count(stats.movieCount),
      filmCount: count(stats.filmCount),
      commentCount: count(stats.commentCount),
      activeToday: count(stats.activeToday),
      activeThisWeek: count(stats.activeThisWeek),
      series: Array.isArray(stats.series) ? stats.series : [],
    };
  } catch {
    return { ...EMPTY, series: [] };
  }
};
