import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/auth/auth-context';
import { lazyWhenOnline } from '../lib/lazy-when-online';
import { MainLayout } from './layouts/main-layout';

// Rarely seen, so its own chunk (with MUI's Alert) rather than part of every first page load.
const AdminRefusal = lazyWhenOnline(async () => ({ default: (await import('./admin-refusal')).AdminRefusal }));

/**
 * Logged-in-only routes (docs/product.md#pages-and-routes). These guards are for the person's convenience;
 * the server enforces every right (docs/product.md#roles).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn, isLoadingAuth, loginPath } = useAuth();
  if (isLoadingAuth) return <PageSpinner />;
  if (!isLoggedIn) return <Navigate to={loginPath} replace />;
  return children ?? <Outlet />;
}

/**
 * Admin-only routes: logged out -> /login; a member sees the exact refusal text inside the main
 * layout, so that the header and its menus still lead somewhere.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isLoggedIn, isLoadingAuth, isAdmin, isProfileLoading, loginPath } = useAuth();
  if (isLoadingAuth || isProfileLoading) return <PageSpinner fullScreen />;
  if (!isLoggedIn) return <Navigate to={loginPath} replace />;
  if (!isAdmin) {
    return (
      <MainLayout>
        <AdminRefusal />
      </MainLayout>
    );
  }
  return children ?? <Outlet />;
}
