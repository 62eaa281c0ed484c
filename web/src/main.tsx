import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/providers/query-client';
import { preloadRoute } from './app/router';
import { getDarkMode, getToken } from './lib/storage';

const queryClient = createQueryClient();
const pageLoaded = preloadRoute(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = <App queryClient={queryClient} Router={BrowserRouter} />;

// `/` arrives with the landing page prerendered at build time (prerender/landing.tsx) as a visitor
// sees it in the light theme and the year it was built. For exactly that visitor React hydrates it:
// it keeps those nodes and styles instead of building them again. Anyone else (a stored token, the
// dark theme, a new year) gets a fresh render; index.html's CSS hid the page from them meanwhile.
const prerendered = container.dataset.prerendered;
const hydrate = prerendered === String(new Date().getFullYear()) && getToken() === null && !getDarkMode();
if (!hydrate) {
  delete container.dataset.prerendered;
  if (prerendered !== undefined) container.replaceChildren();
}

// The first render as a transition: React then renders in slices of a few milliseconds instead of
// one long task, so the page answers input while MUI's styles are built (Lighthouse's TBT).
if (hydrate) {
  // After the page's chunk (its modulepreload came with the HTML): hydrating while React.lazy
  // still waited for it would leave the page's boundary to be rendered afresh once the layout
  // above it updates (the phone-width check does at once).
  // Until then the boot script keeps the clicks on the page's buttons (`data-prerendered` tells it
  // so); from here React answers them, and the landing page makes the kept ones again once it is
  // hydrated (lib/early-clicks.ts).
  void pageLoaded.then(() =>
    startTransition(() => {
      delete container.dataset.prerendered;
      hydrateRoot(container, app);
    }),
  );
} else {
  startTransition(() => createRoot(container).render(app));
}
