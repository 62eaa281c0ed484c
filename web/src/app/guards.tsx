import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Navigate, Outlet, Link as RouterLink } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { az } from '../i18n/az';
import { useAuth } from '../lib/auth/auth-context';

/**
 * Logged-in-only routes (SPEC.md section 2). These guards are for the person's convenience;
 * the server enforces every right (PRODUCT.md "Admin area").
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn, isLoadingAuth, loginPath } = useAuth();
  if (isLoadingAuth) return <PageSpinner />;
  if (!isLoggedIn) return <Navigate to={loginPath} replace />;
  return children ?? <Outlet />;
}

/** Admin-only routes: logged out -> /login; a member sees the exact refusal text. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isLoggedIn, isLoadingAuth, isAdmin, isProfileLoading, loginPath } = useAuth();
  if (isLoadingAuth || isProfileLoading) return <PageSpinner fullScreen />;
  if (!isLoggedIn) return <Navigate to={loginPath} replace />;
  if (!isAdmin) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Box sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
          <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
            {az.errors.adminOnly}
          </Alert>
          <Button component={RouterLink} to={paths.home} variant="contained">
            {az.common.backHome}
          </Button>
        </Box>
      </Box>
    );
  }
  return children ?? <Outlet />;
}
