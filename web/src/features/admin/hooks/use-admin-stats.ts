import { useQuery } from '@tanstack/react-query';
import { getAdminStats } from '../api/get-admin-stats';

export const adminStatsKey = ['admin', 'stats'] as const;

/** The overview counts; never errors (failures read as zeros, SPEC.md section 7). */
export const useAdminStats = () =>
  useQuery({ queryKey: adminStatsKey, queryFn: ({ signal }) => getAdminStats(signal), staleTime: 30_000 });
