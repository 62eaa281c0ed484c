#!/usr/bin/env node
// Bundles the server's TypeScript (and the contracts it imports) into dist/main.mjs so
// `npm start` runs plain Node: under tsx's loader the big ESM dependencies took seconds
// to load, which blew the 2-second restart budget. Dependencies stay external
// (node_modules); only our own code is bundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@kinodost/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile: path.join(serverDir, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
