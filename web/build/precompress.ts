import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes file.br and file.gz next to every text file of the build, at the highest levels, so that the
 * server sends them as they are (@fastify/static's preCompressed) instead of 3 to 4 times the bytes.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kinodost:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(js|css|html|svg|json|txt|webmanifest)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < 1024) return;
          const br = await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          await writeFile(`${file}.br`, br);
          await writeFile(`${file}.gz`, await gzipAsync(raw, { level: 9 }));
        }),
      );
    },
  };
}
