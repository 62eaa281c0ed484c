import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { CountReply, IdParams, MessageReply, PageQuery } from '@kinodost/contracts/schemas/common';
import {
  AdminNewsletterList,
  CreateNewsletterBody,
  LatestNewsletters,
  LatestQuery,
  Newsletter,
  NewsletterList,
  UnreadCountQuery,
  UpdateNewsletterBody,
} from '@kinodost/contracts/schemas/newsletters';
import type { FastifyRequest } from 'fastify';
import { msg } from '../../lib/messages';
import { bearer, currentUser, paged } from '../../lib/route-helpers';
import { invalidateNewsletters, newslettersTag, readsTag } from './newsletters.cache';
import { toNewsletter, toNewsletterSummary } from './newsletters.mappers';
import { createNewslettersService, type NewslettersService } from './newsletters.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Newsletters with the caller's read marks: cached until either changes (newsletters.cache.ts). */
const config = {
  cacheTags: (request: FastifyRequest) =>
    request.user ? [newslettersTag, readsTag(request.user.id)] : [newslettersTag],
};

/**
 * /api/newsletters (docs/product.md#newsletters): public reading with the caller's read
 * state, unread count and mark-viewed for members, and the admin calls under /admin.
 * Static paths (/latest, /unread-count, /admin/...) win over /:id in Fastify's router, and
 * /:id only accepts a UUID.
 */
export const newslettersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const newsletters = createNewslettersService({ db: app.database.db, bus: app.bus });
  invalidateNewsletters(app);

  app.get(
    '/',
    {
      onRequest: app.identify,
      config,
      schema: {
        tags: ['newsletters'],
        description: 'Every newsletter, newest first. is_viewed is the caller’s own (false for visitors).',
        querystring: PageQuery,
        response: { 200: NewsletterList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await newsletters.list(request.user?.id ?? null, request.query);
      return paged(rows.map(toNewsletterSummary), total, request.query);
    },
  );

  app.get(
    '/latest',
    {
      onRequest: app.identify,
      config,
      schema: {
        tags: ['newsletters'],
        description: 'Members: their newest unread newsletters (the header dropdown). Visitors: the newest ones.',
        querystring: LatestQuery,
        response: { 200: LatestNewsletters, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await newsletters.latest(request.user?.id ?? null, request.query.limit)).map(toNewsletterSummary),
    }),
  );

  app.get(
    '/unread-count',
    {
      onRequest: app.requireMember,
      config,
      schema: {
        tags: ['newsletters'],
        security: bearer,
        querystring: UnreadCountQuery,
        response: { 200: CountReply, ...errors },
      },
    },
    async (request) => ({ success: true as const, count: await newsletters.unreadCount(currentUser(request).id) }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.identify,
      schema: { tags: ['newsletters'], params: IdParams, response: { 200: Newsletter, ...errors } },
    },
    async (request) => toNewsletter(await newsletters.get(request.params.id, request.user?.id ?? null)),
  );

  app.post(
    '/:id/mark-viewed',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['newsletters'],
        security: bearer,
        description: 'Idempotent.',
        params: IdParams,
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      await newsletters.markViewed(request.params.id, currentUser(request).id);
      return { success: true as const, message: msg.newsletters.markedViewed };
    },
  );

  await app.register(adminNewslettersRoutes, { prefix: '/admin', newsletters });
};

/** /api/newsletters/admin: writing newsletters (admins only; members 403, visitors 401). */
const adminNewslettersRoutes: FastifyPluginAsyncTypebox<{ newsletters: NewslettersService }> = async (
  app,
  { newsletters },
) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/all',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: PageQuery,
        response: { 200: AdminNewsletterList, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await newsletters.list(currentUser(request).id, request.query);
      return paged(rows.map(toNewsletter), total, request.query);
    },
  );

  app.post(
    '/create',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        body: CreateNewsletterBody,
        response: { 201: Newsletter, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(toNewsletter(await newsletters.create(currentUser(request).id, request.body))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        security: bearer,
        params: IdParams,
        body: UpdateNewsletterBody,
        response: { 200: Newsletter, ...errors },
      },
    },
    async (request) => toNewsletter(await newsletters.update(request.params.id, request.body, currentUser(request).id)),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['admin'], security: bearer, params: IdParams, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      await newsletters.remove(request.params.id);
      return { success: true as const, message: msg.newsletters.deleted };
    },
  );
};
