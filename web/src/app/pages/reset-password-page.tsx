import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { az } from '../../i18n/az';

/** /reset-password/:token, the link from the reset mail. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <AuthCard title={az.auth.reset.title} subtitle={az.auth.reset.intro}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
