import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { CountReply, IdParams, MessageReply } from '@kinodost/contracts/schemas/common';
import {
  AcceptReply,
  FriendList,
  FriendshipStatusReply,
  FriendsPageQuery,
  IncomingRequestList,
  OutgoingRequestList,
  PeopleList,
  PeopleQuery,
  RejectReply,
  SendRequestReply,
  UserIdParams,
} from '@kinodost/contracts/schemas/friends';
import type { FastifyRequest } from 'fastify';
import { msg } from '../../lib/messages';
import { bearer, currentUser } from '../../lib/route-helpers';
import { everyonesPeopleTag, invalidatePeople, peopleTag } from './friends.cache';
import { createFriendsService } from './friends.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['friends'];
/** Lists of the caller's friends and requests: cached until one of them changes (friends.cache.ts). */
const config = { cacheTags: (request: FastifyRequest) => [peopleTag(currentUser(request).id), everyonesPeopleTag] };

/** Friend requests, friendships and the people search (docs/product.md#friends); every call needs a member. */
export const friendsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const friends = createFriendsService({ db: app.database.db, bus: app.bus, log: app.log });
  invalidatePeople(app);
  // Every route here runs requireMember first, so the user is set.
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/',
    {
      config,
      schema: { tags, security: bearer, querystring: FriendsPageQuery, response: { 200: FriendList, ...errors } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await friends.friends(currentUser(request).id, request.query);
      return { success: true as const, data, page, limit, total };
    },
  );

  app.get(
    '/requests/incoming',
    {
      config,
      schema: {
        tags,
        security: bearer,
        querystring: FriendsPageQuery,
        response: { 200: IncomingRequestList, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await friends.incoming(currentUser(request).id, request.query);
      return { success: true as const, data, page, limit, total };
    },
  );

  app.get(
    '/requests/outgoing',
    {
      config,
      schema: {
        tags,
        security: bearer,
        querystring: FriendsPageQuery,
        response: { 200: OutgoingRequestList, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await friends.outgoing(currentUser(request).id, request.query);
      return { success: true as const, data, page, limit, total };
    },
  );

  app.get(
    '/requests/count',
    { config, schema: { tags, security: bearer, response: { 200: CountReply, ...errors } } },
    async (request) => ({ success: true as const, count: await friends.incomingCount(currentUser(request).id) }),
  );

  app.get(
    '/status/:userId',
    {
      schema: { tags, security: bearer, params: UserIdParams, response: { 200: FriendshipStatusReply, ...errors } },
    },
    async (request) => friends.status(currentUser(request).id, request.params.userId),
  );

  app.get(
    '/people',
    { schema: { tags, security: bearer, querystring: PeopleQuery, response: { 200: PeopleList, ...errors } } },
    async (request) => {
      const { q, page, limit } = request.query;
      const { data, total } = await friends.searchPeople(currentUser(request).id, q, { page, limit });
      return { success: true as const, data, page, limit, total };
    },
  );

  app.post(
    '/request/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description: '201 with status pending; 200 with status accepted when that member had already asked you.',
        params: UserIdParams,
        response: { 200: SendRequestReply, 201: SendRequestReply, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const outcome = await friends.sendRequest(currentUser(request), request.params.userId);
      if (outcome.status === 'accepted') {
        return {
          success: true as const,
          status: outcome.status,
          message: msg.friends.accepted,
          requestId: outcome.requestId,
        };
      }
      reply.code(201);
      return {
        success: true as const,
        status: outcome.status,
        message: msg.friends.requestSent,
        requestId: outcome.requestId,
      };
    },
  );

  app.put(
    '/accept/:id',
    { schema: { tags, security: bearer, params: IdParams, response: { 200: AcceptReply, ...errors } } },
    async (request) => {
      await friends.accept(currentUser(request).id, request.params.id);
      return { success: true as const, status: 'accepted' as const, message: msg.friends.accepted };
    },
  );

  app.put(
    '/reject/:id',
    { schema: { tags, security: bearer, params: IdParams, response: { 200: RejectReply, ...errors } } },
    async (request) => {
      await friends.reject(currentUser(request).id, request.params.id);
      return { success: true as const, status: 'rejected' as const, message: msg.friends.rejected };
    },
  );

  app.delete(
    '/requests/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The sender cancels their pending request.',
        params: IdParams,
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      await friends.cancel(currentUser(request).id, request.params.id);
      return { success: true as const, message: msg.friends.cancelled };
    },
  );

  app.delete(
    '/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Either side removes a friendship; the parameter is the friend’s user id.',
        params: UserIdParams,
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      await friends.remove(currentUser(request).id, request.params.userId);
      return { success: true as const, message: msg.friends.removed };
    },
  );
};
