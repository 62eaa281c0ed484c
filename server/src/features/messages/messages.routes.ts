import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { CountReply } from '@kinodost/contracts/schemas/common';
import { UserIdParams } from '@kinodost/contracts/schemas/friends';
import {
  ConversationList,
  MarkReadReply,
  Message,
  SendMessageBody,
  ThreadPage,
  ThreadQuery,
} from '@kinodost/contracts/schemas/messages';
import { bearer, currentUser } from '../../lib/route-helpers';
import type { MessagesService } from './messages.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['messages'];

/** Messages between friends (docs/messages.md); every call needs a member. */
export const messagesRoutes: FastifyPluginAsyncTypebox<{ messages: MessagesService }> = async (app, { messages }) => {
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The conversations with friends, newest first, each with its newest message and unread count.',
        response: { 200: ConversationList, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await messages.conversations(currentUser(request).id) }),
  );

  app.get(
    '/unread-count',
    { schema: { tags, security: bearer, response: { 200: CountReply, ...errors } } },
    async (request) => ({ success: true as const, count: await messages.unreadCount(currentUser(request).id) }),
  );

  app.get(
    '/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description: 'A page of the thread with a friend, newest first; `before` is the previous page’s next_cursor.',
        params: UserIdParams,
        querystring: ThreadQuery,
        response: { 200: ThreadPage, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await messages.thread(currentUser(request).id, request.params.userId, request.query)),
    }),
  );

  app.post(
    '/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Sends a friend text (1 to 2000 characters), a film, or both; at most 30 a minute.',
        params: UserIdParams,
        body: SendMessageBody,
        response: { 201: Message, ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.send(currentUser(request).id, request.params.userId, request.body)),
  );

  app.post(
    '/:userId/read',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Marks the friend’s messages to you read.',
        params: UserIdParams,
        response: { 200: MarkReadReply, ...errors },
      },
    },
    async (request) => {
      const { count, upTo } = await messages.markRead(currentUser(request).id, request.params.userId);
      return { success: true as const, count, up_to: upTo };
    },
  );
};
