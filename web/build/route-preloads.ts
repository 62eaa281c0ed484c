import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../contracts/src/web-build';
import { routeModules } from '../src/app/route-modules';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The chunk keys `start` needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, start: string, into: Set<string>): Set<string> {
  if (into.has(start)) return into;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`route-preloads: ${start} is not in the Vite manifest (src/app/route-modules.ts)`);
  into.add(start);
  for (const next of chunk.imports ?? []) staticClosure(manifest, next, into);
  return into;
}

/**
 * The URLs of the chunks each route pattern needs beyond the entry and its static imports, which
 * index.html already lists: `{ "/dashboard": ["/assets/dashboard-page-….js", …] }`.
 */
export function routePreloadsFrom(manifest: Manifest): RoutePreloads {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('route-preloads: the Vite manifest has no entry chunk');
  const shell = staticClosure(manifest, entry, new Set());
  const preloads: RoutePreloads = {};
  for (const [pattern, modules] of Object.entries(routeModules)) {
    const keys = new Set<string>();
    for (const module of modules) staticClosure(manifest, module, keys);
    preloads[pattern] = [...keys].filter((key) => !shell.has(key)).map((key) => `/${manifest[key]?.file}`);
  }
  return preloads;
}

/** Writes dist/.vite/route-preloads.json beside the manifest it is made from (server/src/plugins/web.ts reads it). */
export function routePreloads(): Plugin {
  let viteDir = '';
  return {
    name: 'kinodost:route-preloads',
    apply: 'build',
    configResolved(config) {
      viteDir = path.resolve(config.root, config.build.outDir, '.vite');
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(viteDir, 'manifest.json'), 'utf8')) as Manifest;
      await writeFile(
        path.join(viteDir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify(routePreloadsFrom(manifest), null, 2)}\n`,
      );
    },
  };
}
