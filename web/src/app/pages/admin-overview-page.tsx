import { STATS_RANGES, type StatsRange } from '@kinodost/contracts/schemas/stats';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DEFAULT_STATS_RANGE } from '../../features/admin/api/get-admin-stats';
import { ActivityChart } from '../../features/admin/components/activity-chart';
import { AdminStatsCards } from '../../features/admin/components/admin-stats-cards';
import { useAdminStats } from '../../features/admin/hooks/use-admin-stats';
import { az } from '../../i18n/az';

/** /admin: the counts, and the activity of the last 7, 30 (the default) or 90 days. */
export function AdminOverviewPage() {
  const [days, setDays] = useState<StatsRange>(DEFAULT_STATS_RANGE);
  const stats = useAdminStats(days);
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {az.admin.overview.intro}
      </Typography>
      <AdminStatsCards days={days} />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="activity-title"
        sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="activity-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {az.adminActivity.title(days)}
          </Typography>
          {/* Plain buttons with aria-pressed: MUI's ToggleButtonGroup, shared with no other page, split
              a chunk off that the dashboard then preloaded too (e2e first-load.spec.ts). */}
          <Box role="group" aria-label={az.adminActivity.rangeLabel} sx={{ display: 'flex', gap: 0.5 }}>
            {STATS_RANGES.map((range) => (
              <Button
                key={range}
                size="small"
                variant={range === days ? 'contained' : 'outlined'}
                aria-pressed={range === days}
                onClick={() => setDays(range)}
              >
                {az.adminActivity.range(range)}
              </Button>
            ))}
          </Box>
        </Box>
        {stats.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {az.adminActivity.movieCount(stats.data.movieCount)}
          </Typography>
        )}
        {stats.data ? (
          <ActivityChart series={stats.data.series} />
        ) : (
          <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
        )}
      </Paper>
    </>
  );
}
