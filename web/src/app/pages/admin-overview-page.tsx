import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ActivityChart } from '../../features/admin/components/activity-chart';
import { AdminStatsCards } from '../../features/admin/components/admin-stats-cards';
import { useAdminStats } from '../../features/admin/hooks/use-admin-stats';
import { az } from '../../i18n/az';

/** /admin: the user count and the pending comment count, and 30 days of activity. */
export function AdminOverviewPage() {
  const stats = useAdminStats();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {az.admin.overview.intro}
      </Typography>
      <AdminStatsCards />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="activity-title"
        sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      >
        <Typography id="activity-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {az.adminActivity.title}
        </Typography>
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
