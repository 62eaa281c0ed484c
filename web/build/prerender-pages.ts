import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { PRERENDERED_FILE, type PrerenderedPage, type PrerenderedPages } from '../../contracts/src/web-build';

/**
 * After the browser build: builds src/prerender/visitor-pages.tsx for Node, runs it for each of its
 * paths and writes dist/.vite/prerendered.json (contracts/src/web-build.ts), which the server puts
 * into the HTML of those paths (server/src/plugins/page-html.ts). MUI and emotion are bundled so
 * that they run in production mode, as in the browser: their class names must be the ones the
 * client computes.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let viteDir = '';
  return {
    name: 'kinodost:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      viteDir = path.resolve(config.root, config.build.outDir, '.vite');
    },
    async closeBundle() {
      // Inside web/, so that Node finds the packages left external (React) from there.
      const outDir = path.join(root, 'node_modules', '.prerender');
      try {
        const result = (await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: [/^@mui\//, /^@emotion\//] },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: { ssr: 'src/prerender/visitor-pages.tsx', outDir, emptyOutDir: true, minify: false },
        })) as Rolldown.RolldownOutput;
        const entry = result.output.find((item) => item.type === 'chunk' && item.isEntry);
        if (!entry) throw new Error('prerender-pages: the SSR build has no entry chunk');
        const { PRERENDERED_PATHS, prerenderPage } = (await import(
          pathToFileURL(path.join(outDir, entry.fileName)).href
        )) as { PRERENDERED_PATHS: string[]; prerenderPage: (location: string) => Promise<PrerenderedPage> };
        await mkdir(viteDir, { recursive: true });
        const pages: PrerenderedPages = {};
        for (const location of PRERENDERED_PATHS) pages[location] = await prerenderPage(location);
        await writeFile(path.join(viteDir, PRERENDERED_FILE), `${JSON.stringify(pages)}\n`);
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
  };
}
