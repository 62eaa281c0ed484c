/**
 * What the web build leaves in web/dist/.vite, beside Vite's own manifest.json, for the server to
 * build each page's HTML from (server/src/plugins/page-html.ts).
 */

/** Each route pattern's chunks beyond the entry's, written by web/build/route-preloads.ts. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** `{ "/dashboard": ["/assets/dashboard-page-….js", …] }` */
export type RoutePreloads = Record<string, string[]>;

/** Pages rendered at build time, by route pattern, written by web/build/prerender-pages.ts. */
export const PRERENDERED_FILE = 'prerendered.json';
export interface PrerenderedPage {
  /** The emotion style elements the markup uses, for <head>. */
  head: string;
  /** The markup of the app's root element. */
  body: string;
  /** The footer's copyright year in `body`: a later year's page renders afresh rather than hydrate it. */
  year: number;
}
export type PrerenderedPages = Record<string, PrerenderedPage>;
