import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema/index';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { msg } from '../lib/messages';
import { createTokenService, type TokenService } from '../lib/tokens';
import {
  ANNOUNCED_TTL_MS,
  createUserCache,
  followAnnouncements,
  type InvalidationChannel,
  shareInvalidations,
  TTL_SPREAD,
  type UserCache,
} from '../lib/user-cache';

/** Where PostgreSQL announces changes of users' rows (migration 0020_user_changes). */
export const USER_CHANGES_CHANNEL = 'kinodost_user_changed';

/** The signed-in member, as loaded for this request: every field of their own profile (users.mappers.ts toProfile). */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  avatar: string | null;
  tokenVersion: number;
  createdAt: Date;
  visibility: 'public' | 'friends' | 'private';
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest hook: a valid, current token of an existing user, else 401. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook for public calls: sets request.user when a valid token is sent, else stays a visitor. */
    identify: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: requireMember plus the admin flag, else 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an `Authorization: Bearer <token>` header, if any. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
};

/**
 * Token checks for every authenticated call: signature, expiry, and that the user
 * still exists with the same token version, so a password change, reset or
 * deletion revokes tokens at once.
 *
 * Both checks are cached so they cost almost nothing per request: fast-jwt keeps
 * verified tokens (lib/tokens.ts), and the user row is kept (lib/user-cache.ts).
 * Revocation stays immediate because every change that matters raises
 * 'user:revoked' or 'user:changed' on the bus after its commit, which drops the
 * row here. On PostgreSQL, triggers on `users` (migration 0020_user_changes)
 * also NOTIFY every process listening of each change, whoever made it, so rows
 * live five minutes; without a listening connection, one second. On PGlite (one
 * process) rows live 10 s, and a Redis channel carries the bus's drops to other
 * processes where there is one (`<REDIS_PREFIX>auth:user-changed`); while this
 * process is not subscribed, rows live one second.
 */
async function auth(app: FastifyInstance) {
  const tokens = createTokenService(app.config.jwtSecret);
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  const { listen } = app.database;
  const cache = createUserCache<AuthUser>({
    ttlSpread: TTL_SPREAD,
    ...(listen ? { ttlMs: ANNOUNCED_TTL_MS } : {}),
  });
  app.decorate('userCache', cache);
  let channel: InvalidationChannel | undefined;
  if (listen) {
    const listener = followAnnouncements(cache, listen, USER_CHANGES_CHANNEL, {
      onLost: () => app.log.warn('user cache: not listening for user changes, rows live 1 s until it is again'),
      // Logged once per loss above: while PostgreSQL is away, each retry fails.
      onError: (err) => app.log.debug({ err: err.message }, 'user cache: listening connection error'),
    });
    app.addHook('onClose', () => listener.close());
  } else if (app.redis) {
    channel = shareInvalidations(cache, {
      redis: app.redis,
      channel: `${app.config.redisPrefix}auth:user-changed`,
      onError: (err) => app.log.warn({ err: err.message }, 'user cache: redis channel error'),
    });
  }
  const forget = ({ userId }: { userId: string }) => {
    cache.invalidate(userId);
    channel?.publish(userId);
  };
  app.bus.on('user:revoked', forget);
  app.bus.on('user:changed', forget);
  app.addHook('onClose', async () => {
    app.bus.off('user:revoked', forget);
    app.bus.off('user:changed', forget);
    await channel?.close();
  });

  // Prepared once: the statement is the same for every request.
  const selectUser = app.database.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      avatar: users.avatar,
      tokenVersion: users.tokenVersion,
      createdAt: users.createdAt,
      visibility: users.visibility,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');
  const loadUser = async (id: string): Promise<AuthUser | undefined> => (await selectUser.execute({ id }))[0];

  /** Resolves the user a token belongs to, or null when it is not (or no longer) valid. */
  const userForToken = async (token: string): Promise<AuthUser | null> => {
    const claims = tokens.verify(token);
    if (!claims || !UUID.test(claims.sub)) return null;
    const row = await cache.get(claims.sub, () => loadUser(claims.sub));
    return row && row.tokenVersion === claims.ver ? row : null;
  };

  const requireMember = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError(msg.auth.missingToken);
    const user = await userForToken(token);
    if (!user) throw new UnauthorizedError(msg.auth.invalidToken);
    request.user = user;
  };
  app.decorate('requireMember', requireMember);
  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await userForToken(token) : null;
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireMember(request);
    if (!request.user?.isAdmin) throw new ForbiddenError(msg.users.adminOnly);
  });
  app.decorate('userForToken', userForToken);
}

export const authPlugin = fp(auth, { name: 'auth', dependencies: ['database', 'redis'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** For the socket handshake and other non-HTTP callers. */
    userForToken: (token: string) => Promise<AuthUser | null>;
    /** Signed-in users by id, briefly (lib/user-cache.ts). */
    userCache: UserCache<AuthUser>;
  }
}
