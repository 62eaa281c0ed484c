import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@kinodost/contracts/errors';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  ResetTokenParams,
  ResetTokenReply,
  TokenReply,
} from '@kinodost/contracts/schemas/auth';
import { MessageReply } from '@kinodost/contracts/schemas/common';
import { Type } from 'typebox';
import { msg } from '../../lib/messages';
import { bearer, currentUser } from '../../lib/route-helpers';
import type { AuthService } from './auth.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Sign-up, sign-in and password reset (docs/product.md#accounts); none of them takes a token. */
export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register',
    { schema: { tags: ['auth'], body: RegisterBody, response: { 201: TokenReply, ...errors } } },
    async (request, reply) => reply.status(201).send({ token: await auth.register(request.body, request.ip) }),
  );

  app.post(
    '/login',
    {
      // Signing in again is harmless: an Idempotency-Key is not kept (plugins/idempotency.ts).
      config: { repeatable: true },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: TokenReply, ...errors } },
    },
    async (request) => ({ token: await auth.login(request.body, request.ip) }),
  );

  app.post(
    '/forgot-password',
    { schema: { tags: ['auth'], body: ForgotPasswordBody, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { success: true as const, message: msg.auth.forgotSent };
    },
  );

  // Asked by the reset page as it opens; 404 with the invalid-link text when the link cannot be used.
  app.get(
    '/reset-password/:token',
    { schema: { tags: ['auth'], params: ResetTokenParams, response: { 200: ResetTokenReply, ...errors } } },
    async (request, reply) => {
      // The answer changes once the link is used or expires, and names a secret: never stored.
      reply.header('cache-control', 'no-store');
      await auth.checkResetToken(request.params.token, request.ip);
      return { success: true as const, valid: true as const };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { success: true as const, message: msg.auth.resetDone };
    },
  );
};

/** PUT /api/user/change-password: lives with auth because it shares its rules and token issuing. */
export const changePasswordRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.put(
    '/change-password',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        security: bearer,
        body: ChangePasswordBody,
        response: {
          200: Type.Object({ success: Type.Literal(true), message: Type.String(), token: Type.String() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const token = await auth.changePassword(currentUser(request).id, request.body);
      return { success: true as const, message: msg.auth.passwordChanged, token };
    },
  );
};
