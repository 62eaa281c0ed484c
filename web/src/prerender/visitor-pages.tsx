/**
 * The pages a visitor opens first, rendered at build time (web/build/prerender-pages.ts runs this in
 * Node through Vite's SSR build): the landing page and the sign-in and registration forms. The
 * server puts each into the HTML of its path (server/src/plugins/page-html.ts), so a visitor's phone
 * paints the real page as soon as the HTML arrives instead of a loading screen until the scripts
 * have come and run; main.tsx then hydrates it (keeps these nodes and attaches the app to them). It
 * is the page as a visitor without a stored token or dark theme sees it, and the client hydrates
 * only in that case: anyone else gets a fresh render.
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
import { paths } from '../config/paths';
import { withoutUnusedKeyframes } from './unused-keyframes';

/** The paths rendered at build time: pages whose visitor's view needs no data of theirs. */
export const PRERENDERED_PATHS = [paths.home, paths.login, paths.register];

export async function prerenderPage(location: string): Promise<PrerenderedPage> {
  const At = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
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
      <App queryClient={createQueryClient()} Router={At} />
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
