import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openFileStore, type UploadKind } from '../lib/open-file-store';
import { type FileStore, isSafeName, type LocalFileStore } from '../lib/storage';
import type { S3FileStore } from '../lib/storage-s3';

declare module 'fastify' {
  interface FastifyInstance {
    /** Avatar files (lib/storage.ts), served under /uploads/avatars/. */
    avatars: FileStore;
    /** Poster files of films (docs/catalogue.md "Posters"), served under /uploads/posters/. */
    posters: FileStore;
  }
}

/** Names are random and never reused, so a served file can be cached for good. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Opens the store of one kind of upload and serves its files under /uploads/<kind>/<name>:
 * from the folder @fastify/static serves them; from S3 this process streams them, so no
 * bucket needs to be public and the stored URLs stay valid whichever driver is chosen.
 */
async function serveKind(app: FastifyInstance, kind: UploadKind): Promise<FileStore> {
  const store = await openFileStore(app.config, kind);
  app.addHook('onClose', async () => store.close?.());
  const prefix = `/uploads/${kind}/`;
  if (store.driver === 'local') {
    await app.register(fastifyStatic, {
      root: (store as LocalFileStore).dir,
      prefix,
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
    return store;
  }

  const bucket = store as S3FileStore;
  app.get(`${prefix}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = isSafeName(name) ? await bucket.open(name) : undefined;
    if (!file) return reply.callNotFound();
    reply.header('content-type', 'image/webp').header('cache-control', CACHE_CONTROL);
    if (file.size !== undefined) reply.header('content-length', file.size);
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    return reply.send(file.body);
  });
  return store;
}

/**
 * The storage driver chosen at start (docs/architecture.md "Uploaded files"): the data
 * folder, or the S3-compatible bucket when S3_* is set. Avatars and posters keep one URL
 * either way, /uploads/<kind>/<name>.
 */
export const storagePlugin = fp(
  async function storagePlugin(app: FastifyInstance) {
    const avatars = await serveKind(app, 'avatars');
    const posters = await serveKind(app, 'posters');
    app.decorate('avatars', avatars);
    app.decorate('posters', posters);
    if (avatars.driver === 's3') {
      const store = avatars as S3FileStore;
      // A bucket that is missing or refuses the keys shows in the log at start, not at the first upload.
      app.addHook('onListen', async () => {
        store
          .check()
          .catch((err) => app.log.error({ err, bucket: store.bucket }, 'the S3 bucket for uploads cannot be reached'));
      });
    }
  },
  { name: 'storage', decorators: { fastify: ['config'] } },
);
