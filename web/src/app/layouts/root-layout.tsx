import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { RealtimeGate } from '../realtime/realtime-gate';
import { ScrollToTop } from '../scroll-to-top';

/** The top route: auth state (it navigates, so it lives inside the router), each new page at its top and the realtime socket around every layout. */
export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <RealtimeGate />
      <Suspense fallback={<PageSpinner fullScreen />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
