import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFriendshipStatus } from '../hooks/use-friendship-status';
import { FriendshipActions } from './friendship-actions';

const t = az.friends;

/**
 * The public profile's friendship control. It follows the status (docs/product.md#friends): add,
 * cancel (my request waits), accept or reject (theirs waits), remove with a confirmation
 * (friends). Nothing on your own profile. A visitor sees the add button (pressing it shows the
 * guard text of docs/product.md#friends) and a prompt to log in.
 */
export function FriendshipButton({ userId, username }: { userId: string; username: string }) {
  const { isLoggedIn, userId: myId } = useAuth();
  const { status, isLoading, refetch } = useFriendshipStatus(userId);
  const person = { id: userId, username };

  if (myId === userId) return null;

  const frame = (children: ReactNode) => (
    <Box
      component="section"
      aria-label={t.profile.label}
      data-testid="friendship-button"
      sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
    >
      {children}
    </Box>
  );

  if (!isLoggedIn) {
    return frame(
      <>
        <FriendshipActions person={person} status="none" size="medium" />
        <Typography variant="body2" color="text.secondary">
          {t.profile.loginPrompt}{' '}
          <Button component={RouterLink} to={paths.login} size="small" sx={{ verticalAlign: 'baseline' }}>
            {t.profile.login}
          </Button>
        </Typography>
      </>,
    );
  }

  if (isLoading || !status) {
    return frame(<Skeleton variant="rounded" width={200} height={36} data-testid="friendship-loading" />);
  }

  if (status.failed) {
    return frame(
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={refetch}>
            {t.retry}
          </Button>
        }
      >
        {status.message}
      </Alert>,
    );
  }

  if (!status.actionable) return null;

  return frame(
    <>
      {status.status !== 'none' && (
        <Typography variant="body2" color="text.secondary" role="status">
          {status.message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <FriendshipActions
          person={person}
          status={status.status}
          direction={status.direction}
          requestId={status.requestId}
          allowRemove
          size="medium"
        />
      </Box>
    </>,
  );
}
