import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { msg } from '../../lib/messages';
import { createThrottle } from '../../lib/throttle';

/**
 * The key of an account's failed password checks in loginFailuresPerAccount: a login's and an
 * account deletion's guesses at one password share one count.
 */
export const accountFailuresKey = (userId: string) => `account:${userId}`;

/** PRODUCT.md's throttles on the account calls, with limits from the settings. */
export const createAuthThrottles = (limits: Config['limits'], redis?: Redis, prefix?: string) => ({
  loginPerIp: createThrottle({
    name: 'login-ip',
    points: limits.loginAttemptsPerIp,
    durationSeconds: limits.loginWindowSeconds,
    message: msg.auth.loginLimited,
    redis,
    prefix,
  }),
  loginFailuresPerAccount: createThrottle({
    name: 'login-account',
    points: limits.loginFailuresPerAccount,
    durationSeconds: limits.loginWindowSeconds,
    message: msg.auth.loginLimited,
    redis,
    prefix,
  }),
  registerPerIp: createThrottle({
    name: 'register-ip',
    points: limits.registrationsPerIpPerHour,
    durationSeconds: 3600,
    message: msg.auth.registerLimited,
    redis,
    prefix,
  }),
  forgotPerEmail: createThrottle({
    name: 'forgot-email',
    points: limits.forgotPerEmailPerHour,
    durationSeconds: 3600,
    message: msg.auth.forgotLimited,
    redis,
    prefix,
  }),
  /** Reset-link checks and resets per IP: each one is a guess at a token, as a login is at a password. */
  resetPerIp: createThrottle({
    name: 'reset-ip',
    points: limits.loginAttemptsPerIp,
    durationSeconds: limits.loginWindowSeconds,
    message: msg.auth.resetLimited,
    redis,
    prefix,
  }),
});
export type AuthThrottles = ReturnType<typeof createAuthThrottles>;
