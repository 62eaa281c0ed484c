import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { az } from '../../i18n/az';

/** /login; `?expired=true` says why the person is here again. */
export function LoginPage() {
  const [params] = useSearchParams();
  const expired = params.get('expired') === 'true';
  return (
    <AuthCard title={az.auth.login.title} subtitle={az.auth.login.subtitle}>
      {expired && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {az.auth.login.expired}
        </Alert>
      )}
      <LoginForm />
    </AuthCard>
  );
}
