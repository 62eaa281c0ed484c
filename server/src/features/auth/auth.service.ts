import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from '@kinodost/contracts/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { BadRequestError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { passwordResetMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { msg } from '../../lib/messages';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { TokenService } from '../../lib/tokens';
import {
  accountFailuresKey,
  assertAvailable,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  rethrowTaken,
  setUserPassword,
  usernameOf,
} from '../users';
import type { AuthThrottles } from './auth.throttles';
import * as resets from './password-resets.repository';

/** Reset links are valid one hour (docs/product.md#accounts). */
export const RESET_TTL_MINUTES = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  throttles: AuthThrottles;
  publicUrl: string;
  /** True when mail is only written to the outbox: the reset link is then logged for the operator. */
  logResetLinks: boolean;
  log: FastifyBaseLogger;
  bus: EventBus;
  /** Runs work after the answer has gone out, awaited by the shutdown drain (plugins/drain.ts). */
  runAfterReply(what: string, work: () => Promise<unknown>): void;
}

/** Refuses a new password that breaks the password rules (docs/product.md#accounts), as a field error. */
function assertPasswordAllowed(field: string, password: string, username: string) {
  const problem = passwordProblem(password, username);
  if (problem) throw new ValidationError(problem, { [field]: problem });
}

/**
 * What a failed login counts against (docs/reliability.md, login throttling): the account when the
 * typed username or email names one, so the two spellings share one limit; otherwise the typed
 * text, in the lookup's case, so an unknown name is limited exactly as a known one would be.
 */
const loginFailureKey = (user: UserRow | undefined, typed: string) =>
  user ? accountFailuresKey(user.id) : `typed:${typed.toLowerCase()}`;

export const createAuthService = (d: AuthDeps) => {
  const tokenFor = (u: UserRow) => d.tokens.sign({ sub: u.id, ver: u.tokenVersion });

  /** Stores a reset token for the address's account, if it has one, and mails the link. */
  const mailResetLink = async (address: string) => {
    const user = await findUserByEmail(d.db, address);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await resets.insertReset(d.db, user.id, sha256(token), new Date(Date.now() + RESET_TTL_MINUTES * 60_000));
    const link = `${d.publicUrl}/reset-password/${token}`;
    if (d.logResetLinks)
      d.log.info({ userId: user.id, link }, 'password reset link (no SMTP_URL: mail written to the outbox)');
    const mail = passwordResetMail({ username: user.username, link, validMinutes: RESET_TTL_MINUTES });
    await d.mailer.send({ to: user.email, ...mail });
  };

  return {
    async register(body: RegisterBody, ip: string): Promise<string> {
      await d.throttles.registerPerIp.hit(ip);
      const username = usernameOf(body.username);
      assertPasswordAllowed('password', body.password, username);
      const email = body.email.toLowerCase();
      await assertAvailable(d.db, { username, email });
      const passwordHash = await hashPassword(body.password);
      const user = await insertUser(d.db, { username, email, passwordHash }).catch(rethrowTaken);
      d.bus.emit('user:created', { userId: user.id });
      return tokenFor(user);
    },

    /** Login by username or email. Failures are throttled per IP and per account, never locked for good. */
    async login(body: LoginBody, ip: string): Promise<string> {
      const typed = body.username.trim();
      await d.throttles.loginPerIp.hit(ip);
      const user = await findUserByLogin(d.db, typed);
      const failures = loginFailureKey(user, typed);
      await d.throttles.loginFailuresPerAccount.check(failures);
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, body.password);
      else await verifyAgainstDummy(body.password); // the same work either way: timing reveals no account
      if (!user || !ok) {
        await d.throttles.loginFailuresPerAccount.count(failures);
        throw new UnauthorizedError(msg.auth.badCredentials);
      }
      await d.throttles.loginFailuresPerAccount.reset(failures);
      return tokenFor(user);
    },

    /**
     * Always the same answer; a mail goes out only when the address belongs to an account. Only
     * the per-email throttle runs before the answer: the lookup, the reset row and the mail come
     * after it, so neither the answer nor its timing tells whether the address is known.
     */
    async forgotPassword(email: string): Promise<void> {
      const address = email.trim().toLowerCase();
      await d.throttles.forgotPerEmail.hit(address);
      // The lookup comes too late to refuse text PostgreSQL cannot hold (as the error handler does).
      if (address.includes('\u0000')) throw new ValidationError(msg.common.validation);
      d.runAfterReply('password reset: could not store or mail the link', () => mailResetLink(address));
    },

    /**
     * Whether a mailed reset token can still be used (unused, unexpired, its account still there),
     * without using it: the reset page asks as it opens, before anyone types a password.
     */
    async checkResetToken(token: string, ip: string): Promise<void> {
      await d.throttles.resetPerIp.hit(ip);
      const userId = await resets.findValidReset(d.db, sha256(token));
      if (!userId || !(await findUserById(d.db, userId))) throw new NotFoundError(msg.auth.resetInvalid);
    },

    /** Sets a new password with a mailed token: single use, one hour, revokes every session. */
    async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
      await d.throttles.resetPerIp.hit(ip);
      const tokenHash = sha256(body.token);
      const userId = await resets.findValidReset(d.db, tokenHash);
      const user = userId ? await findUserById(d.db, userId) : undefined;
      if (!user) throw new BadRequestError(msg.auth.resetInvalid);
      assertPasswordAllowed('newPassword', body.newPassword, user.username);
      // Hash before the transaction: it is slow, and PGlite has one connection to share.
      const passwordHash = await hashPassword(body.newPassword);
      await d.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // Consuming again inside the transaction makes a concurrent second use lose.
        if ((await resets.consumeReset(tx, tokenHash)) !== user.id) throw new BadRequestError(msg.auth.resetInvalid);
        await setUserPassword(tx, user.id, passwordHash);
        await resets.deleteResetsOf(tx, user.id);
      });
      d.bus.emit('user:revoked', { userId: user.id });
    },

    /** Changes the password (current one required), revoking other sessions; returns this session's new token. */
    async changePassword(userId: string, body: ChangePasswordBody): Promise<string> {
      const user = await findUserById(d.db, userId);
      if (!user) throw new UnauthorizedError(msg.auth.invalidToken);
      // Wrong current passwords count with the login's failures for the account, as an account
      // deletion's do: a stolen session may not guess the password faster than a login may.
      const failures = accountFailuresKey(user.id);
      await d.throttles.loginFailuresPerAccount.check(failures);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        await d.throttles.loginFailuresPerAccount.count(failures);
        // 400, not 401/403: the web client would end the session on those.
        throw new ValidationError(msg.auth.wrongCurrentPassword, { currentPassword: msg.auth.wrongCurrentPassword });
      }
      await d.throttles.loginFailuresPerAccount.reset(failures);
      assertPasswordAllowed('newPassword', body.newPassword, user.username);
      const updated = await setUserPassword(d.db, user.id, await hashPassword(body.newPassword));
      if (!updated) throw new UnauthorizedError(msg.auth.invalidToken);
      d.bus.emit('user:revoked', { userId: user.id });
      return tokenFor(updated);
    },
  };
};
export type AuthService = ReturnType<typeof createAuthService>;
