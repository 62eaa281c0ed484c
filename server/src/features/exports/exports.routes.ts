import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { bearer, currentUser } from '../../lib/route-helpers';
import { kinodostJson, letterboxdCsv } from './export-writers';

const errors = { 401: ErrorBody, 403: ErrorBody };

/** `attachment` with an ASCII name and the member's own (any script) as RFC 6266's filename*. */
export function attachment(username: string, ext: string): string {
  const day = new Date().toISOString().slice(0, 10);
  const name = `kinodost-${username}-${day}.${ext}`;
  const ascii = name.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const download = (reply: FastifyReply, type: string, disposition: string, body: AsyncIterable<string>) =>
  reply
    .header('content-type', type)
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .send(Readable.from(body));

/** A member's data as downloads (docs/import-export.md). */
export const exportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/letterboxd.csv',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['export'],
        security: bearer,
        description:
          "The member's entries as a CSV Letterboxd's importer reads: `Title,Year,Rating10,WatchedDate,imdbID,Directors`. Watchlist entries have neither rating nor day. Streamed.",
        response: { 200: Type.String({ description: 'The CSV file, as an attachment.' }), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return download(
        reply,
        'text/csv; charset=utf-8',
        attachment(user.username, 'csv'),
        letterboxdCsv(app.database.db, user.id),
      );
    },
  );

  app.get(
    '/kinodost.json',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['export'],
        security: bearer,
        description:
          "Everything that is the member's: `{format, version, exported_at, profile, entries, comments, friends, messages}`. Streamed.",
        response: {
          200: Type.Object({}, { additionalProperties: true, description: 'The JSON document, as an attachment.' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return download(
        reply,
        'application/json; charset=utf-8',
        attachment(user.username, 'json'),
        kinodostJson(app.database.db, user),
      );
    },
  );
};
