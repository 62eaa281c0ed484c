import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers/app-providers';
import { createQueryClient } from './app/providers/query-client';
import { AppRoutes, preloadRoute } from './app/router';

const queryClient = createQueryClient();
preloadRoute(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render as a transition: React then renders in slices of a few milliseconds instead of
// one long task, so the page answers input while MUI's styles are built (Lighthouse's TBT).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
