import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { checkResetToken, isInvalidResetLink } from '../../features/auth/api/check-reset-token';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetLinkInvalid } from '../../features/auth/components/reset-link-invalid';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { az } from '../../i18n/az';
import { errorMessage } from '../../lib/api-client';

const t = az.auth.reset;

/**
 * /reset-password/:token, the link from the reset mail. The link is checked as the page opens, so
 * a used or expired one says so at once instead of after two passwords are typed. Should the check
 * itself fail (too many tries, no network), the form is shown and the reset answers for itself.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    retry: false,
    // A link's state changes (used, expired): ask again on every visit.
    gcTime: 0,
  });

  if (check.isPending) {
    return (
      <AuthCard title={t.title}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t.checking} />
        </Box>
      </AuthCard>
    );
  }
  if (check.isError && isInvalidResetLink(check.error)) {
    return (
      <AuthCard title={t.invalidTitle}>
        <ResetLinkInvalid message={errorMessage(check.error)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title} subtitle={t.intro}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
