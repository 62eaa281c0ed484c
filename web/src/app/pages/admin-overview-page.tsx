import { STATS_RANGES, type StatsRange } from '@kinodost/contracts/schemas/stats';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_, value: StatsRange | null) => value !== null && setDays(value)}
            aria-label={az.adminActivity.rangeLabel}
          >
            {STATS_RANGES.map((range) => (
              <ToggleButton key={range} value={range}>
                {az.adminActivity.range(range)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
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
