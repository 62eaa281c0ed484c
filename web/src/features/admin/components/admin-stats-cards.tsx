import BoltIcon from '@mui/icons-material/Bolt';
import CommentIcon from '@mui/icons-material/Comment';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import ForumIcon from '@mui/icons-material/Forum';
import MovieIcon from '@mui/icons-material/Movie';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatNumber } from '../../../lib/format-number';
import type { StatsRange } from '../api/get-admin-stats';
import { useAdminStats } from '../hooks/use-admin-stats';

const t = az.admin.overview;

function StatCard(props: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  to?: string;
  action?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography color="text.secondary" component="h2" variant="subtitle1">
          {props.label}
        </Typography>
        <Box sx={{ color: 'primary.main' }} aria-hidden>
          {props.icon}
        </Box>
      </Box>
      {props.value === undefined ? (
        <Skeleton width={80} height={56} />
      ) : (
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid={props.testId}>
          {formatNumber(props.value)}
        </Typography>
      )}
      {props.to && props.action && (
        <Box>
          <Button component={RouterLink} to={props.to} size="small">
            {props.action}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The counts of GET /api/stats/admin: the user and pending comment counts first, then the catalogue's films, all
 * comments, and members active today and this week (UTC days, by last seen). `days` only picks
 * the shared query of the overview's chart; the counts do not depend on it.
 */
export function AdminStatsCards({ days }: { days?: StatsRange }) {
  const { data } = useAdminStats(days);
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
    >
      <StatCard
        label={t.userCount}
        value={data?.userCount}
        icon={<PeopleAltIcon fontSize="large" />}
        to={paths.adminUsers}
        action={t.manageUsers}
        testId="stat-user-count"
      />
      <StatCard
        label={t.pendingComments}
        value={data?.pendingCommentCount}
        icon={<CommentIcon fontSize="large" />}
        to={paths.adminComments}
        action={t.moderateComments}
        testId="stat-pending-comments"
      />
      <StatCard
        label={t.filmCount}
        value={data?.filmCount}
        icon={<MovieIcon fontSize="large" />}
        to={paths.adminFilms}
        action={t.manageFilms}
        testId="stat-film-count"
      />
      <StatCard
        label={t.commentCount}
        value={data?.commentCount}
        icon={<ForumIcon fontSize="large" />}
        testId="stat-comment-count"
      />
      <StatCard
        label={t.activeToday}
        value={data?.activeToday}
        icon={<BoltIcon fontSize="large" />}
        testId="stat-active-today"
      />
      <StatCard
        label={t.activeThisWeek}
        value={data?.activeThisWeek}
        icon={<EventAvailableIcon fontSize="large" />}
        testId="stat-active-week"
      />
    </Box>
  );
}
