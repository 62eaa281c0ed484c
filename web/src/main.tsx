import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/providers/query-client';
import { preloadRoute } from './app/router';
import { getDarkMode, getToken } from './lib/storage';
import { yieldToMain } from './lib/yield-to-main';

const queryClient = createQueryClient();
// The module graph's evaluation is the longest task of a first load, and the first match of the
// route tree, the first queries and the chunks' preloads were a third of it on a phone: each of the
// three steps below (preload, render, hydrate) runs in a task of its own, in that order, so that a
// tap or a paint may come between them (docs/benchmarks.md, "The first load's tasks").
const preloadTurn = yieldToMain();
const pageLoaded = preloadTurn.then(() => preloadRoute(window.location.pathname, queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = <App queryClient={queryClient} Router={BrowserRouter} />;

// `/`, `/login` and `/register` arrive prerendered at build time (prerender/visitor-pages.tsx) as a
// visitor sees them in the light theme and the year they were built. For exactly that visitor React
// hydrates the page: it keeps those nodes and styles instead of building them again. Anyone else (a
// stored token, the dark theme, a new year) gets a fresh render; index.html's CSS hid the page from
// them meanwhile.
const prerendered = container.dataset.prerendered;
const asBuilt = () => prerendered === String(new Date().getFullYear()) && getToken() === null && !getDarkMode();
const hydrate = asBuilt();
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
  // so); from here React answers them, and the page makes the kept ones again, after the text typed
  // into its fields, once it is hydrated (lib/early-input.ts).
  // Asked again then: another tab may have signed in (or turned the dark theme on) meanwhile, and
  // the storage is shared, so the app would render the member's page over the visitor's HTML.
  void pageLoaded.then(() =>
    startTransition(() => {
      delete container.dataset.prerendered;
      if (asBuilt()) hydrateRoot(container, app);
      else {
        container.replaceChildren();
        createRoot(container).render(app);
      }
    }),
  );
} else {
  // Registered after pageLoaded's callback on the same turn, so the preload has started by then.
  void preloadTurn.then(yieldToMain).then(() => startTransition(() => createRoot(container).render(app)));
}
