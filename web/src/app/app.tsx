import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router';

/**
 * The whole app under the router given: BrowserRouter in the browser (main.tsx), a StaticRouter for
 * the visitor pages' prerender at build time (prerender/visitor-pages.tsx). One tree for both, because the
 * browser hydrates what the build rendered: any difference makes React render the page afresh.
 */
export function App({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
