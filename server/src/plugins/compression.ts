import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers of 1 KB and more go out compressed to clients that accept it: brotli at a fast
 * level (4: most of the size win for a small share of the CPU of level 11), else gzip. A page of
 * 20 movies shrinks about 4 times, which is what a phone on a slow link waits for. The web
 * build's files are precompressed at the highest levels and carry their encoding already, so they
 * pass through untouched, as do images. Register before the routes and before the response
 * cache: the plugin adds its onSend to each route as it is added, and the cache, registered after
 * it, puts one hook in front of it (to keep plain text) and one behind it (to keep the compressed
 * form as well: plugins/response-cache.ts).
 */
export const compressionPlugin = fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
