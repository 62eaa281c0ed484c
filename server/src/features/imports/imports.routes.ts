import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { IMPORT_MAX_BYTES } from '@kinodost/contracts/limits';
import { IdParams } from '@kinodost/contracts/schemas/common';
import { type ImportJob, ImportJobReply, ImportStarted } from '@kinodost/contracts/schemas/imports';
import type { ImportJobRow } from '../../db/schema/index';
import { readOneFile, refuseOversizeUpload } from '../../lib/image-upload';
import { msg } from '../../lib/messages';
import { bearer, currentUser } from '../../lib/route-helpers';
import { createImportChecks } from './import-checks';
import type { ImportsService } from './imports.service';

/** The largest export accepted (docs/product.md#import-and-export). */
export const MAX_IMPORT_BYTES = IMPORT_MAX_BYTES;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const toJob = (row: ImportJobRow): ImportJob => ({
  id: row.id,
  status: row.status,
  format: row.format,
  total: row.total,
  done: row.done,
  added: row.added,
  updated: row.updated,
  skipped: row.skipped,
  unmatched: row.unmatched,
  ...(row.error ? { error: row.error } : {}),
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** Imports of Letterboxd and IMDb exports (docs/import-export.md). */
export const importsRoutes: FastifyPluginAsyncTypebox<{ imports: ImportsService }> = async (app, { imports }) => {
  const checks = createImportChecks();
  app.post(
    '/',
    {
      onRequest: [app.requireMember, refuseOversizeUpload(msg.imports, MAX_IMPORT_BYTES)],
      schema: {
        tags: ['import'],
        security: bearer,
        consumes: ['multipart/form-data'],
        description:
          "multipart/form-data with one file field `file` (at most 10 MB, 50,000 rows): a Letterboxd export (.zip, or its watched.csv, diary.csv, ratings.csv, watchlist.csv or reviews.csv), an IMDb ratings export, or this server's letterboxd.csv export, told apart by the header. The file is checked first (400 for a bad one, nothing written); the import then runs after the answer (202). Progress: GET /api/import/{id} and `import:progress` on the socket. A member with an import running, or another file of theirs being checked, gets 409; past a few files checked at once by the server, 429 with Retry-After.",
        response: { 202: ImportStarted, ...errors, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const release = checks.take(userId);
      try {
        const { bytes, filename } = await readOneFile(request, 'file', msg.imports, MAX_IMPORT_BYTES);
        const job = await imports.start(userId, bytes, filename);
        return reply.status(202).send({ success: true as const, data: { id: job.id, status: job.status } });
      } finally {
        release();
      }
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireMember,
      schema: { tags: ['import'], security: bearer, params: IdParams, response: { 200: ImportJobReply, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: toJob(await imports.get(currentUser(request).id, request.params.id)),
    }),
  );
};
