import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/auth/auth-context';

// Rarely seen, so its own chunk (with MUI's Alert) rather than part of every first page load.
const AdminRefusal = lazy(async () => ({ default: (await import('./admin-refusal')).AdminRefusal }));

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
      <Suspense fallback={<PageSpinner fullScreen />}>
        <AdminRefusal />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
