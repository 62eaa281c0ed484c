/**
 * The landing page rendered at build time (web/build/prerender-landing.ts runs this in Node through
 * Vite's SSR build). The server puts the result into the HTML of `/` (server/src/plugins/page-html.ts),
 * so a visitor's phone paints the real page as soon as the HTML arrives instead of a loading screen
 * until the scripts have come and run; main.tsx then hydrates it (keeps these nodes and attaches the
 * app to them). It is the page as a visitor without a stored token or dark theme sees it, and the
 * client hydrates only in that case: anyone else gets a fresh render.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { PrerenderedPage } from '@kinodost/contracts/web-build';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../app/providers/query-client';
import { withoutUnusedKeyframes } from './unused-keyframes';

const AtLanding = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

export async function prerenderLanding(): Promise<PrerenderedPage> {
  // The key of emotion's default cache in the browser: there it adopts these style elements and
  // does not insert their rules a second time.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // prerender (unlike renderToString) waits for the lazy page chunks. React would still send a
  // boundary whose markup passes progressiveChunkSize (12.5 kB with what precedes it) as "completed
  // later", revealed by an inline script that the CSP forbids and that no page runs before its
  // scripts: the whole page goes in place, in one piece.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <App queryClient={createQueryClient()} Router={AtLanding} />
    </CacheProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const body = await new Response(prelude).text();
  const critical = extractCriticalToChunks(body);
  const head = constructStyleTagsFromChunks({
    ...critical,
    styles: withoutUnusedKeyframes(critical.styles, cache.key),
  });
  return { head, body, year: new Date().getFullYear() };
}
