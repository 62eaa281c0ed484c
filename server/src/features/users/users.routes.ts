import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import { IdParams, MessageReply } from '@kinodost/contracts/schemas/common';
import {
  AdminFlagBody,
  AdminUpdateUserBody,
  DeleteAccountBody,
  PublicProfile,
  UpdateProfileBody,
  UserList,
  UserListQuery,
  UserProfile,
} from '@kinodost/contracts/schemas/users';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UserRow } from '../../db/schema/index';
import { readAvatarUpload, refuseOversizeAvatar } from '../../lib/image-upload';
import { msg } from '../../lib/messages';
import { bearer, currentUser } from '../../lib/route-helpers';
import type { Throttle } from '../../lib/throttle';
import { maySee, relationOf } from '../privacy';
import { invalidateUsers, usersTag } from './users.cache';
import { toProfile, toPublicProfile } from './users.mappers';
import { createUsersService } from './users.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Profiles, avatars and the admin's user management (docs/product.md#accounts). */
export const usersRoutes: FastifyPluginAsyncTypebox<{ passwordFailures: Throttle }> = async (
  app,
  { passwordFailures },
) => {
  const users = createUsersService({
    db: app.database.db,
    bus: app.bus,
    avatars: app.avatars,
    log: app.log,
    passwordFailures,
  });
  invalidateUsers(app);

  app.get(
    '/profile',
    {
      onRequest: app.requireMember,
      schema: { tags: ['users'], security: bearer, response: { 200: UserProfile, ...errors } },
    },
    // The signed-in user's row is already loaded (and briefly cached) by the token check, which
    // drops it on every change to it: the own profile needs no query of its own.
    async (request) => toProfile(currentUser(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        security: bearer,
        description:
          'Only the fields sent change. A new email needs `currentPassword` (400 on that field when missing or wrong; wrong ones count with the login failures for the account, 429 with Retry-After past the limit).',
        body: UpdateProfileBody,
        response: { 200: UserProfile, ...errors, 429: ErrorBody },
      },
    },
    async (request) => toProfile(await users.updateOwnProfile(currentUser(request).id, request.body)),
  );

  /** A member's public profile as the caller (a visitor when signed out) may see it. */
  const profileFor = async (request: FastifyRequest, row: UserRow) => {
    const relation = await relationOf(app.database.db, request.user?.id ?? null, row.id);
    return toPublicProfile(row, {
      presence: maySee(relation, row.visibility, 'presence'),
      collection: maySee(relation, row.visibility, 'collection'),
    });
  };
  app.delete(
    '/profile',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        security: bearer,
        description:
          "Deletes the caller's own account and everything theirs, as an admin's delete does. A wrong password is 400; past the login's limit of failed passwords for the account, 429 with Retry-After. The last admin gets 409 until another member is an admin.",
        body: DeleteAccountBody,
        response: { 204: Type.Null(), ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await users.deleteOwnAccount(currentUser(request).id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/profile/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: ['users'],
        description:
          '`last_seen` only for those who may see the member’s presence (never visitors); `collection_hidden` when the caller may not see their collection.',
        params: IdParams,
        response: { 200: PublicProfile, ...errors },
      },
    },
    async (request) => profileFor(request, await users.getById(request.params.id)),
  );

  app.get(
    '/profile/username/:username',
    {
      onRequest: app.identify,
      schema: {
        tags: ['users'],
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: PublicProfile, ...errors },
      },
    },
    async (request) => profileFor(request, await users.getByUsername(request.params.username)),
  );

  app.post(
    '/avatar',
    {
      onRequest: [app.requireMember, refuseOversizeAvatar],
      config: { upload: { field: 'avatar' } },
      schema: {
        tags: ['users'],
        security: bearer,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data with one file field `avatar`: JPEG, PNG, WebP or GIF, at most 5 MB. A larger Content-Length is refused before the body is read; a second file is refused with 400.',
        response: { 200: UserProfile, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => toProfile(await users.setAvatar(currentUser(request).id, await readAvatarUpload(request))),
  );

  app.delete(
    '/avatar',
    {
      onRequest: app.requireMember,
      schema: { tags: ['users'], security: bearer, response: { 200: UserProfile, ...errors } },
    },
    async (request) => toProfile(await users.deleteAvatar(currentUser(request).id)),
  );

  app.get(
    '/all',
    {
      onRequest: app.requireAdmin,
      config: { cacheTags: () => [usersTag] },
      schema: { tags: ['admin'], security: bearer, querystring: UserListQuery, response: { 200: UserList, ...errors } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total, adminCount } = await users.list(request.query);
      return { success: true as const, data: rows.map(toProfile), page, limit, total, adminCount };
    },
  );

  app.put(
    '/:id/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: bearer,
        params: IdParams,
        body: AdminFlagBody,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (request) => toProfile(await users.setAdmin(request.params.id, request.body.isAdmin)),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: bearer,
        params: IdParams,
        body: AdminUpdateUserBody,
        response: { 200: UserProfile, ...errors },
      },
    },
    async (request) => toProfile(await users.adminUpdate(request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security: bearer, params: IdParams, response: { 200: MessageReply, ...errors } },
    },
    async (request) => {
      await users.deleteUser(request.params.id);
      return { success: true as const, message: msg.users.deleted };
    },
  );
};
