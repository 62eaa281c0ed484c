import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileStore, isSafeName, type LocalFileStore, openFileStore } from '../lib/storage';
import type { S3FileStore } from '../lib/storage-s3';

declare module 'fastify' {
  interface FastifyInstance {
    /** Avatar files (lib/storage.ts), served under /uploads/avatars/. */
    avatars: FileStore;
  }
}

/** Names are random and never reused, so a served file can be cached for good. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The storage driver chosen at start (docs/architecture.md "Uploaded files"): the data
 * folder, or the S3-compatible bucket when S3_* is set. Avatars keep one URL either way,
 * /uploads/avatars/<name>: from the folder @fastify/static serves them; from S3 this process
 * streams them, so no bucket needs to be public and the URLs stored in the web app stay valid.
 */
export const storagePlugin = fp(
  async function storagePlugin(app: FastifyInstance) {
    const avatars = await openFileStore(app.config, 'avatars');
    app.decorate('avatars', avatars);
    app.addHook('onClose', async () => avatars.close?.());
    if (avatars.driver === 'local') {
      await app.register(fastifyStatic, {
        root: (avatars as LocalFileStore).dir,
        prefix: '/uploads/avatars/',
        decorateReply: false,
        index: false,
        immutable: true,
        maxAge: '365d',
      });
      return;
    }

    const store = avatars as S3FileStore;
    // A bucket that is missing or refuses the keys shows in the log at start, not at the first upload.
    app.addHook('onListen', async () => {
      store
        .check()
        .catch((err) => app.log.error({ err, bucket: store.bucket }, 'the S3 bucket for uploads cannot be reached'));
    });
    app.get('/uploads/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params as { name: string };
      const file = isSafeName(name) ? await store.open(name) : undefined;
      if (!file) return reply.callNotFound();
      reply.header('content-type', 'image/webp').header('cache-control', CACHE_CONTROL);
      if (file.size !== undefined) reply.header('content-length', file.size);
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      return reply.send(file.body);
    });
  },
  { name: 'storage' },
);
