#!/usr/bin/env node
// Bundles the server (its TypeScript, the contracts and its dependencies) into dist/ so
// `npm start` runs plain Node and starts within the restart budget (issue 8: under 2 s):
// - Dependencies are bundled too: resolving and reading a few thousand files from
//   node_modules cost more at start than compiling one bundle.
// - What start does not need (pg, ioredis, nodemailer, the socket.io Redis adapter, sharp) is
//   imported dynamically where first used and stays external: Node loads it then, as under
//   tsx (esbuild would give a dynamically imported CommonJS module no named exports).
//   Code splitting keeps our own lazily imported modules (db/postgres.ts) out of the entry.
// - Kept out too: native addons, and PGlite, which finds its wasm and data files next to its code.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

const external = [
  'sharp',
  '@node-rs/argon2',
  // Starts its threads from its own worker.js, which loads @napi-rs/nice.
  'piscina',
  '@electric-sql/pglite',
  'pg',
  'ioredis',
  'nodemailer',
  '@socket.io/redis-adapter',
  // Native: finds its prebuilt addon beside its code.
  'fs-native-extensions',
  // Optional native parts that their packages try to load and do without.
  'pg-native',
  'bufferutil',
  'utf-8-validate',
].flatMap((name) => [name, `${name}/*`]);

// CommonJS code inside an ES module bundle: `require` for Node's built-ins, and `__dirname`
// and `__filename` (set per module by the plugin below; these are the bundle's own).
const banner = [
  "import { createRequire as __kdCreateRequire } from 'node:module';",
  "import { dirname as __kdDirname, join as __kdJoin } from 'node:path';",
  "import { fileURLToPath as __kdFileURLToPath } from 'node:url';",
  'const require = __kdCreateRequire(import.meta.url);',
  'const __filename = __kdFileURLToPath(import.meta.url);',
  'const __dirname = __kdDirname(__filename);',
  // Where the chunks are, seen from this output file (dist/main.mjs or dist/chunks/*.mjs).
  "const __kdChunkDir = __kdJoin(__dirname, __dirname.endsWith('chunks') ? '.' : 'chunks');",
].join(' ');

/**
 * A bundled package that reads files beside its code (swagger-ui's assets, @fastify/swagger's
 * package.json) gets `__dirname` and `__filename` of its original file, found from the
 * bundle's place in the repository (server/dist next to node_modules).
 */
const originalDirname = {
  name: 'original-dirname',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      // CommonJS only: an ES module has no __dirname, and a top-level var there would clash.
      if (/^\s*(import|export)\s/m.test(source)) return undefined;
      const chunkDir = path.join(outdir, 'chunks');
      const rel = (dir) => JSON.stringify(path.relative(chunkDir, dir).split(path.sep).join('/'));
      const prelude =
        `var __dirname = __kdJoin(__kdChunkDir, ${rel(path.dirname(args.path))});` +
        `var __filename = __kdJoin(__dirname, ${JSON.stringify(path.basename(args.path))});`;
      return { contents: `${prelude}\n${source}`, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

// Chunks of earlier builds go (their names carry a hash of their content). A server still
// running an older build needs none of them any more: ours are all loaded during start, and
// what loads later (nodemailer, sharp, ...) is external.
rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(serverDir, 'src/main.ts') },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces name our TypeScript files (npm start runs node --enable-source-maps). The map
  // leaves out the sources' text: Node reads the map at start, and the files are on disk.
  sourcemap: true,
  sourcesContent: false,
  external,
  banner: { js: banner },
  plugins: [originalDirname],
  logLevel: 'warning',
});
