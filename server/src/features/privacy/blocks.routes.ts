import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { BlockList, BlockParams } from '@kinodost/contracts/schemas/privacy';
import { Type } from 'typebox';
import { bearer, currentUser } from '../../lib/route-helpers';
import { createBlocksService } from './blocks.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['users'];
const noContent = { 204: Type.Null({ description: 'Done.' }) };

/** Blocking, under /api/user (docs/social.md "Blocking"); every call needs a member. */
export const blocksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const blocks = createBlocksService({ db: app.database.db, bus: app.bus, log: app.log });
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/blocks',
    { schema: { tags, security: bearer, response: { 200: BlockList, ...errors } } },
    async (request) => ({
      success: true as const,
      data: await blocks.list(currentUser(request).id),
    }),
  );

  app.post(
    '/:id/block',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Blocks a member: ends any friendship or pending request between you, either way; neither sees the other’s collection or presence. Blocking again answers 204 too; yourself, 400.',
        params: BlockParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await blocks.block(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/:id/block',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Lifts your block of a member (204 also when there was none).',
        params: BlockParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await blocks.unblock(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
