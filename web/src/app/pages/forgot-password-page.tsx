import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { az } from '../../i18n/az';

export function ForgotPasswordPage() {
  return (
    <AuthCard title={az.auth.forgot.title} subtitle={az.auth.forgot.intro}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
