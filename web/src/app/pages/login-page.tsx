import Alert from '@mui/material/Alert';
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { az } from '../../i18n/az';
import { useLeaveWhenSignedIn } from '../../lib/auth/leave-when-signed-in';
import { useReplayEarlyInput } from '../../lib/early-input';

const noSubscription = () => () => {};

/** /login; `?expired=true` says why the person is here again. */
export function LoginPage() {
  // Prerendered (prerender/visitor-pages.tsx): what was typed and clicked before the scripts came.
  useReplayEarlyInput();
  useLeaveWhenSignedIn();
  const [params] = useSearchParams();
  // The build rendered the page without the notice: hydrating, React renders it so (the server
  // snapshot), then again with it.
  const expired = useSyncExternalStore(
    noSubscription,
    () => params.get('expired') === 'true',
    () => false,
  );
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
