import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { az } from '../../i18n/az';
import { useLeaveWhenSignedIn } from '../../lib/auth/leave-when-signed-in';
import { useReplayEarlyInput } from '../../lib/early-input';

export function RegisterPage() {
  // Prerendered (prerender/visitor-pages.tsx): what was typed and clicked before the scripts came.
  useReplayEarlyInput();
  useLeaveWhenSignedIn();
  return (
    <AuthCard title={az.auth.register.title} subtitle={az.auth.register.subtitle}>
      <RegisterForm />
    </AuthCard>
  );
}
