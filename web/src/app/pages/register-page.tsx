import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { az } from '../../i18n/az';

export function RegisterPage() {
  return (
    <AuthCard title={az.auth.register.title} subtitle={az.auth.register.subtitle}>
      <RegisterForm />
    </AuthCard>
  );
}
