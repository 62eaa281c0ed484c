import type { AdminStats } from '@kinodost/contracts/schemas/stats';
import { apiRequest } from '../../../lib/api-client';

export type { AdminStats };

const EMPTY: AdminStats = { userCount: 0, pendingCommentCount: 0, movieCount: 0, series: [] };

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * GET /api/stats/admin. SPEC.md section 7: on failure this yields zeros for both counts instead
 * of an error; the activity series is then empty (the chart shows its empty state).
 */
export const getAdminStats = async (signal?: AbortSignal): Promise<AdminStats> => {
  try {
    const stats = await apiRequest<Partial<AdminStats>>('/stats/admin', { signal });
    return {
      userCount: count(stats.userCount),
      pendingCommentCount: count(stats.pendingCommentCount),
      movieCount: count(stats.movieCount),
      series: Array.isArray(stats.series) ? stats.series : [],
    };
  } catch {
    return { ...EMPTY, series: [] };
  }
};
