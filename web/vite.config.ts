import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BOOT_SCRIPT } from '../contracts/src/boot-script';
import { KIT_CANDIDATES, kitChunk, MEMBER_MODULES, OVERLAY_MODULES } from './build/chunk-groups';
import { precompress } from './build/precompress';
import { prerenderPages } from './build/prerender-pages';
import { routePreloads } from './build/route-preloads';

/**
 * MUI's createTheme() builds a plain theme unless it is asked for CSS variables or colour schemes,
 * which KinoDost never does (config/theme.ts); but it imports the CSS-variables builder for that case,
 * and MUI's default theme calls it, so unused code sat in the first download (docs/benchmarks.md).
 * This build-only stand-in keeps the plain branch, exactly as MUI's own code runs it, and fails
 * loudly if a CSS-variables theme is ever requested.
 */
function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'kinodost:mui-theme-without-css-variables',
    apply: 'build',
    load(id) {
      if (!/[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(id)) return null;
      return `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('KinoDost: MUI CSS-variable themes are left out of the build (web/vite.config.ts)');
  }
  return createThemeNoVars(options, ...args);
}
`;
    },
  };
}

/**
 * React Router 7 names only its development build in its package exports (remix-run/react-router
 * issues 12532 and 14102), so a production bundle carried its dev warnings, checked on every
 * render and printed to members' consoles when one applied. It ships the production build beside
 * it, the same files but for ENABLE_DEV_WARNINGS = false, whose branches the minifier then drops.
 * This build-only step resolves the package as usual and takes the production twin of the file;
 * should a release move it, the build fails on the missing file rather than quietly going back.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'kinodost:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace(/([\\/])dist[\\/]development[\\/]/, '$1dist$1production$1') };
    },
  };
}

/** Puts contracts/src/boot-script.ts into index.html's head, ahead of the first paint. */
function bootScript(): Plugin {
  return {
    name: 'kinodost:boot-script',
    transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head' }],
  };
}

// The API, the socket and uploaded avatars all live on the Node server (docs/product.md#one-origin).
const backend = process.env.KINODOST_API_URL ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
    muiThemeWithoutCssVariables(),
    reactRouterProductionBuild(),
    precompress(),
    routePreloads(),
    prerenderPages(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs (bench/web-bundle.ts and routePreloads read it).
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: the polyfill would only add weight
    // to the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports hoist-non-react-statics for its side effects although it has none and
        // only withTheme (unused here) calls it; the package does not say so in package.json.
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Chunks by when they are needed, not by every combination of pages that shares a module:
        // automatic splitting alone gave a member's first /dashboard 82 requests, and on a phone
        // (6 connections, a round trip each) the requests cost more than their bytes. Groups take
        // modules in priority order; a module no group takes is split automatically as before.
        codeSplitting: {
          groups: [
            // React and the router change rarely: one long-cached vendor chunk.
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // Everything index.html's entry needs before the first render, in one chunk.
            { name: 'shell', tags: ['$initial'], priority: 20 },
            // A member's header, bottom bar and live events share these (friends, presence and
            // newsletter state): one chunk, loaded with the first member page. Their MUI
            // components stay where the rules below put them (no dependencies pulled in), so that
            // no visitor page comes to import this chunk.
            {
              name: 'member',
              test: MEMBER_MODULES,
              includeDependenciesRecursively: false,
              priority: 15,
            },
            // MUI's overlays (dialogs, menus, popovers, selects and what they are built on), TextField
            // (whose select mode imports them) and tables, when four or more lazy pages share them: a
            // chunk apart from the one below, so that a page whose first render shows none of them
            // (the dashboard) does not download and run them before it can paint. Their class-name
            // modules stay out: OutlinedInput reads Select's, and would bring the chunk along.
            {
              name: 'overlays',
              test: OVERLAY_MODULES,
              minShareCount: 4,
              // Their own dependencies (Paper, ButtonBase, MUI's utilities) stay in `common`: pulled in
              // here, they would make every page that uses a button import this chunk too.
              includeDependenciesRecursively: false,
              priority: 11,
            },
            // The rest of the library code that four or more lazy pages share (MUI's inputs, lists,
            // chips and alerts, TanStack Query's hooks): one chunk. The landing page uses none of it,
            // so its first download is unchanged; pages used by fewer keep their own pieces.
            { name: 'common', test: /[\\/]node_modules[\\/]/, minShareCount: 4, priority: 10 },
            // The app's small shared pieces that two or more lazy pages import (texts, helpers, hooks,
            // little components, the movie cards, icons): one chunk instead of a dozen of a few
            // hundred bytes each, which gave the dashboard 13 requests beyond the shell. Over HTTP/1.1
            // a phone has six connections and pays a round trip per request, so those cost more than
            // their bytes. What the landing page imports, and what reaches the overlays, the member
            // chunk or a library beyond React, MUI and TanStack Query, stays out (build/chunk-groups.ts).
            { name: kitChunk(), test: KIT_CANDIDATES, minShareCount: 2, priority: 9 },
          ],
        },
      },
    },
  },
});
