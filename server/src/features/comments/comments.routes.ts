import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import {
  AdminCommentList,
  AdminCommentQuery,
  BulkModerationBody,
  Comment,
  CommentList,
  CreateCommentBody,
} from '@kinodost/contracts/schemas/comments';
import { CountReply, IdParams, MessageReply, PageQuery } from '@kinodost/contracts/schemas/common';
import { Type } from 'typebox';
import { msg } from '../../lib/messages';
import { bearer, currentUser, paged } from '../../lib/route-helpers';
import { toAdminComment, toComment } from './comments.mappers';
import type { CommentsService } from './comments.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

type Plugin = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * GET and POST /:id/comments of one kind of thread: the id is an entry's (the thread is its
 * film's) or a film's. Read is public, plus the reader's own pending comments; writing is for members.
 */
function threadRoutes(
  app: Plugin,
  thread: { list: CommentsService['listForFilm']; post: CommentsService['postOnFilm'] },
) {
  app.get(
    '/:id/comments',
    {
      onRequest: app.identify,
      schema: {
        tags: ['comments'],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: CommentList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await thread.list(request.params.id, request.user?.id ?? null, request.query);
      return paged(rows.map(toComment), total, request.query);
    },
  );

  app.post(
    '/:id/comments',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        security: bearer,
        params: IdParams,
        body: CreateCommentBody,
        response: { 201: Comment, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(toComment(await thread.post(currentUser(request), request.params.id, request.body.text))),
  );
}

/**
 * /api/movies/{id}/comments: the comments of the entry's film (docs/catalogue.md "Comments"), and
 * deleting one (its author or an admin).
 */
export const movieCommentsRoutes: FastifyPluginAsyncTypebox<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  threadRoutes(app, { list: comments.listForMovie, post: comments.postOnMovie });

  app.delete(
    '/:id/comments/:commentId',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        security: bearer,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), commentId: Type.String({ format: 'uuid' }) }),
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      await comments.remove(currentUser(request), request.params.id, request.params.commentId);
      return { success: true as const, message: msg.comments.deleted };
    },
  );
};

/** /api/films/{id}/comments: a film's comments, read and written as an entry's are. */
export const filmCommentsRoutes: FastifyPluginAsyncTypebox<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  threadRoutes(app, { list: comments.listForFilm, post: comments.postOnFilm });
};

/** /api/admin/comments: the moderation queue (admins only). */
export const adminCommentsRoutes: FastifyPluginAsyncTypebox<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: AdminCommentQuery,
        response: { 200: AdminCommentList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await comments.listForModeration(request.query);
      return paged(rows.map(toAdminComment), total, request.query);
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.put(
      `/:id/${action}`,
      { schema: { tags: ['admin'], security: bearer, params: IdParams, response: { 200: CountReply, ...errors } } },
      async (request) => ({
        success: true as const,
        count: await comments.moderate(currentUser(request).id, [request.params.id], action),
      }),
    );
  }

  app.delete(
    '/:id',
    { schema: { tags: ['admin'], security: bearer, params: IdParams, response: { 200: CountReply, ...errors } } },
    async (request) => ({
      success: true as const,
      count: await comments.moderate(currentUser(request).id, [request.params.id], 'delete'),
    }),
  );

  app.post(
    '/bulk',
    {
      schema: { tags: ['admin'], security: bearer, body: BulkModerationBody, response: { 200: CountReply, ...errors } },
    },
    async (request) => ({
      success: true as const,
      count: await comments.moderate(currentUser(request).id, request.body.ids, request.body.action),
    }),
  );
};
