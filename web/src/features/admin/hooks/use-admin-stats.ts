import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_STATS_RANGE, getAdminStats, type StatsRange } from '../api/get-admin-stats';

export const adminStatsKey = ['admin', 'stats'] as const;

/**
 * The overview counts and `days` days of activity; never errors (failures read as zeros,
 * docs/product.md#admin-area). Switching the range keeps the previous answer on screen until the new one
 * arrives, so the cards do not blink.
 */
export const useAdminStats = (days: StatsRange = DEFAULT_STATS_RANGE) =>
  useQuery({
    queryKey: [...adminStatsKey, days],
    queryFn: ({ signal }) => getAdminStats(signal, days),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
