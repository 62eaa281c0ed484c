import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { BOOT_SCRIPT } from '@kinodost/contracts/boot-script';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdmin, createUser, reloadUser } from '../../test/factories/user';
import { findUserByUsername } from '../users';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    LOGIN_FAILURES_PER_ACCOUNT: '3',
    FORGOT_PASSWORD_PER_EMAIL_PER_HOUR: '3',
  });
});
afterAll(() => t.close());

/** Runs fn inside a transaction that locks the users table: queries on it wait until fn is done. */
const whileUsersLocked = <T>(app: TestApp, fn: () => Promise<T>) =>
  app.app.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${users} in access exclusive mode`);
    return fn();
  });

/** The promise's value, or a failure with `what` once ms have passed (a bound, not a wait). */
const within = <T>(ms: number, promise: Promise<T>, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

const post = (url: string, payload: object, ip = '10.0.0.1') =>
  t.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress: ip });
const profile = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/user/profile' });

describe('POST /api/auth/register', () => {
  it('answers 201 with a token that signs the user in; the first account is admin, later ones are not', async () => {
    const first = await post('register', { username: 'Aysel', email: 'Aysel@Example.COM', password: 'kino-sevgisi-7' });
    expect(first.statusCode).toBe(201);
    const me = await profile(first.json().token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'Aysel', email: 'aysel@example.com', avatar_url: null, isAdmin: true });
    expect(me.json()).not.toHaveProperty('password_hash');

    const second = await post('register', {
      username: 'Orxan',
      email: 'orxan@example.com',
      password: 'kino-sevgisi-8',
    });
    expect(second.statusCode).toBe(201);
    expect((await profile(second.json().token)).json().isAdmin).toBe(false);
  });

  it('ignores a password confirmation field the client may still send', async () => {
    const res = await post('register', {
      username: 'leyla.m',
      email: 'leyla@example.com',
      password: 'film-gecesi-9',
      confirmPassword: 'x',
    });
    expect(res.statusCode).toBe(201);
  });

  it('a body that is no object (null, a list, a text) is 400 with the general text and no field', async () => {
    for (const payload of ['null', '[]', '"salam"']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: '10.0.0.9',
      });
      expect([res.statusCode, res.json()], payload).toEqual([
        400,
        { success: false, error: msg.common.validation, code: 'VALIDATION' },
      ]);
    }
  });

  it('refuses a username or email already taken, without regard to case (409 with the field)', async () => {
    const name = await post('register', { username: 'AYSEL', email: 'other@example.com', password: 'kino-sevgisi-7' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({
      success: false,
      error: msg.auth.usernameTaken,
      code: 'CONFLICT',
      fields: { username: msg.auth.usernameTaken },
    });
    const email = await post('register', {
      username: 'newone',
      email: 'aysel@EXAMPLE.com',
      password: 'kino-sevgisi-7',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().fields).toEqual({ email: msg.auth.emailTaken });
  });

  it.each([
    [{ username: 'ab', email: 'a@b.az', password: 'kino-sevgisi-7' }, 'username', msg.fields.username],
    [{ username: 'has space', email: 'a@b.az', password: 'kino-sevgisi-7' }, 'username', msg.fields.username],
    [{ username: 'x'.repeat(31), email: 'a@b.az', password: 'kino-sevgisi-7' }, 'username', msg.fields.username],
    [{ username: 'valid_1', email: 'not-an-email', password: 'kino-sevgisi-7' }, 'email', msg.fields.email],
    [{ username: 'valid_1', email: 'a@b.az', password: 'short' }, 'password', msg.fields.passwordLength],
    [{ username: 'valid_1', email: 'a@b.az', password: 'p'.repeat(129) }, 'password', msg.fields.passwordLength],
    [{ username: 'valid_1', email: 'a@b.az' }, 'password', msg.fields.required],
    [{ username: 42, email: 'a@b.az', password: 'kino-sevgisi-7' }, 'username', msg.fields.type],
    [{ username: 'valid_12', email: 'a@b.az', password: 'VALID_12' }, 'password', msg.fields.passwordIsUsername],
    [{ username: 'valid_1', email: 'a@b.az', password: 'password123' }, 'password', msg.fields.passwordCommon],
  ])('refuses %j with a 400 and an Azerbaijani field error', async (payload, field, text) => {
    const res = await post('register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().fields[field]).toBe(text);
    // Nothing half-written: no account exists under that name.
    expect(await findUserByUsername(t.app.database.db, String(payload.username))).toBeUndefined();
  });

  it('the same username registered several times at once makes one account; the rest are 409, never 500', async () => {
    const answers = await Promise.all(
      ['Eyni.Ad', 'eyni.ad', 'EYNI.AD', 'eyni.ad'].map((username, i) =>
        post('register', { username, email: `eyni${i}@example.com`, password: 'kino-sevgisi-7' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().fields).toEqual({ username: msg.auth.usernameTaken });
    }
    const rows = await t.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = 'eyni.ad'`);
    expect(rows).toHaveLength(1);
  });

  it('accepts Azerbaijani letters in a username', async () => {
    const res = await post('register', {
      username: 'Şəhriyar_ü',
      email: 'sehriyar@example.com',
      password: 'kino-sevgisi-7',
    });
    expect(res.statusCode).toBe(201);
  });

  it('throttles registrations per IP with a 429, Retry-After and an Azerbaijani text', async () => {
    const limited = await buildTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '2' });
    try {
      const reg = (n: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.9.9.9',
          payload: { username: `rate_${n}`, email: `rate${n}@example.com`, password: 'kino-sevgisi-7' },
        });
      expect((await reg(1)).statusCode).toBe(201);
      expect((await reg(2)).statusCode).toBe(201);
      const third = await reg(3);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, error: msg.auth.registerLimited, code: 'RATE_LIMITED' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username or email, without regard to case', async () => {
    const { user, password } = await createUser(t.app, { username: 'Nigar', email: 'nigar@example.com' });
    for (const login of ['Nigar', 'nigar', 'NIGAR@example.com']) {
      const res = await post('login', { username: login, password });
      expect(res.statusCode).toBe(200);
      expect((await profile(res.json().token)).json().id).toBe(user.id);
    }
  });

  it('signs in with the name typed decomposed or in compatibility forms, as it was stored (NFKC)', async () => {
    const { user, password } = await createUser(t.app, { username: 'Şəhla' });
    // S + combining cedilla, as some keyboards send Ş; fullwidth ｈ as an East Asian IME does.
    for (const login of ['S\u0327əhla', 'Şə\uFF48la']) {
      const res = await post('login', { username: login, password }, '10.0.9.1');
      expect(res.statusCode, login).toBe(200);
      expect((await profile(res.json().token)).json().id).toBe(user.id);
    }
  });

  it('an empty name or password is missing (400), not held to the registration rules', async () => {
    const res = await post('login', { username: '', password: '' }, '10.0.0.9');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: msg.fields.required, password: msg.fields.required });
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    await createUser(t.app, { username: 'kamran' });
    const wrong = await post('login', { username: 'kamran', password: 'not-the-password' }, '10.0.0.2');
    const unknown = await post('login', { username: 'nobody_here', password: 'whatever-123' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: msg.auth.badCredentials, code: 'UNAUTHORIZED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('throttles repeated failures per account (even from other IPs), and a success resets the count', async () => {
    const { password } = await createUser(t.app, { username: 'tural' });
    const fail = (ip: string) => post('login', { username: 'tural', password: 'wrong-password' }, ip);
    await fail('10.1.0.1');
    await fail('10.1.0.2');
    expect((await post('login', { username: 'tural', password }, '10.1.0.3')).statusCode).toBe(200);
    for (const ip of ['10.1.0.4', '10.1.0.5', '10.1.0.6']) expect((await fail(ip)).statusCode).toBe(401);
    const blocked = await post('login', { username: 'TURAL', password }, '10.1.0.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(msg.auth.loginLimited);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('throttles attempts per IP', async () => {
    const limited = await buildTestApp({ LOGIN_ATTEMPTS_PER_IP: '2' });
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.7.7.7',
          payload: { username: 'x_y', password: 'abcdefgh' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers 400 for a malformed JSON body and for missing fields', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: msg.common.malformedJson, code: 'BAD_REQUEST' });
    const missing = await post('login', { username: 'someone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: msg.fields.required });
  });
});

// One limit per account, whichever of username or email was typed (docs/reliability.md, login
// throttling). With Redis the counter lives there: two processes of one install share it.
const counters: [string, Record<string, string> | undefined][] = [
  ['in memory', {}],
  [
    'in Redis, across two processes',
    process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `kinodost-test-${randomBytes(4).toString('hex')}:` }
      : undefined,
  ],
];
describe.each(counters.filter(([, env]) => env))('login failures counted per account, %s', (_where, env) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const limits = { ...env, LOGIN_FAILURES_PER_ACCOUNT: '10', LOGIN_ATTEMPTS_PER_IP: '100' };
    a = await buildTestApp(limits);
    b = env?.REDIS_URL ? await buildTestApp(limits, a) : a;
    // Until Redis is connected each process counts in its own memory (lib/throttle.ts).
    for (const redis of new Set([a.app.redis, b.app.redis]))
      if (redis && redis.status !== 'ready') await once(redis, 'ready');
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });
  // Each attempt from an address of its own: the per-IP limit plays no part.
  let n = 0;
  const login = (app: TestApp, username: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: `10.4.${Math.floor(++n / 250)}.${n % 250}`,
    });
  const limited = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, error: msg.auth.loginLimited, code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('5 failures by username and 5 by email: the 11th attempt either way answers 429, the right password too', async () => {
    const { user, password } = await createUser(a.app, { username: 'Ilkin', email: 'ilkin@example.com' });
    const other = await createUser(a.app);
    for (let i = 0; i < 5; i++) expect((await login(a, 'ilkin', 'wrong-password')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(b, 'ILKIN@example.com', 'wrong-password')).statusCode).toBe(401);
    limited(await login(a, 'Ilkin', password));
    limited(await login(b, 'ilkin@example.com', password));
    limited(await login(a, user.email, 'wrong-password'));
    if (a.app.redis) {
      const key = `${env?.REDIS_PREFIX}rl:login-account:account:${user.id}`;
      expect(await a.app.redis.get(key)).toBe('10');
    }
    // Another account is not held by this one's count.
    expect((await login(b, other.user.username, other.password)).statusCode).toBe(200);
  });

  it('an unknown username or email is limited like an account, on a count of its own', async () => {
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, 'Kimse', 'wrong-password')).statusCode).toBe(401);
    limited(await login(a, 'kimse', 'wrong-password'));
    expect((await login(b, 'kimse@example.com', 'wrong-password')).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const linkIn = (mail: string) => {
    // The text part is quoted-printable: undo soft line breaks before looking for the link.
    const plain = mail.replace(/=\r?\n/g, '');
    return plain.match(/http:\/\/kinodost\.test\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];
  };

  it('answers the same 200 whether or not the email is known, and mails a link only to a known one', async () => {
    const { user } = await createUser(t.app, { username: 'ramil', email: 'ramil@example.com' });
    const before = (await t.outbox()).length;
    const unknown = await post('forgot-password', { email: 'nobody@example.com' });
    const known = await post('forgot-password', { email: 'RAMIL@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: msg.auth.forgotSent });
    expect(known.json()).toEqual(unknown.json());
    await t.settled();
    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: ramil@example.com');
    expect(linkIn(mails[0] as string)).toBeDefined();
    const stored = await t.app.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
    // Only a hash is stored, never the token itself.
    expect(stored[0]?.tokenHash).not.toBe(linkIn(mails[0] as string));
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resets with the mailed token once, revoking old sessions; reuse, expiry and junk are refused', async () => {
    const { user, token: oldToken } = await createUser(t.app, { username: 'sevinc', email: 'sevinc@example.com' });
    await post('forgot-password', { email: 'sevinc@example.com' });
    await t.settled();
    const mail = (await t.outbox()).find((m) => m.includes('To: sevinc@example.com'));
    const token = linkIn(mail as string) as string;

    const weak = await post('reset-password', { token, newPassword: 'sevinc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe(msg.fields.passwordLength);

    const ok = await post('reset-password', { token, newPassword: 'yeni-parol-2025' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: msg.auth.resetDone });
    expect((await profile(oldToken)).statusCode).toBe(401);
    expect((await post('login', { username: 'sevinc', password: 'yeni-parol-2025' })).statusCode).toBe(200);

    const again = await post('reset-password', { token, newPassword: 'daha-yeni-parol-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(msg.auth.resetInvalid);

    await post('forgot-password', { email: 'sevinc@example.com' });
    await t.settled();
    const mails = (await t.outbox()).filter((x) => x.includes('To: sevinc@example.com'));
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1] as string) as string;
    await t.app.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await post('reset-password', { token: second, newPassword: 'daha-yeni-parol-1' })).statusCode).toBe(400);
    expect((await post('reset-password', { token: 'junk', newPassword: 'daha-yeni-parol-1' })).statusCode).toBe(400);
  });

  it.each([
    ['the member changes their email', 'email'],
    ['an admin changes it', 'admin'],
    ['the member changes their password', 'password'],
  ] as const)('a link mailed before %s no longer opens the account', async (_, change) => {
    const who = `moved_${change}`;
    const { user, token: session, password } = await createUser(t.app, { username: who, email: `${who}@old.example` });
    await post('forgot-password', { email: `${who}@old.example` });
    await t.settled();
    const link = linkIn((await t.outbox()).find((m) => m.includes(`To: ${who}@old.example`)) as string) as string;
    const usable = () =>
      t.inject({ method: 'GET', url: `/api/auth/reset-password/${link}`, remoteAddress: '10.0.0.9' });
    expect((await usable()).statusCode).toBe(200);

    const changed =
      change === 'email'
        ? await t.injectAs(session, {
            method: 'PUT',
            url: '/api/user/profile',
            payload: { email: `${who}@new.example`, currentPassword: password },
          })
        : change === 'admin'
          ? await t.injectAs((await createAdmin(t.app)).token, {
              method: 'PUT',
              url: `/api/user/${user.id}`,
              payload: { email: `${who}@new.example` },
            })
          : await t.injectAs(session, {
              method: 'PUT',
              url: '/api/user/change-password',
              payload: { currentPassword: password, newPassword: 'başqa-parol-2026' },
            });
    expect(changed.statusCode).toBe(200);
    expect((await usable()).statusCode).toBe(404);
    const reset = await post('reset-password', { token: link, newPassword: 'ele-kecirilmis-1' }, '10.0.0.9');
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe(msg.auth.resetInvalid);
  });

  it('a profile edit that changes neither email nor password leaves a mailed link usable', async () => {
    const { token: session } = await createUser(t.app, { username: 'kept_link', email: 'kept.link@example.com' });
    await post('forgot-password', { email: 'kept.link@example.com' });
    await t.settled();
    const link = linkIn((await t.outbox()).find((m) => m.includes('To: kept.link@example.com')) as string) as string;
    const edit = await t.injectAs(session, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: { email: 'KEPT.LINK@example.com', visibility: 'friends' },
    });
    expect(edit.statusCode).toBe(200);
    const check = await t.inject({ method: 'GET', url: `/api/auth/reset-password/${link}`, remoteAddress: '10.0.0.8' });
    expect(check.statusCode).toBe(200);
  });

  it('GET /api/auth/reset-password/{token} tells whether a link is usable, without using it up', async () => {
    const { user } = await createUser(t.app, { username: 'reset_checker', email: 'reset.checker@example.com' });
    await post('forgot-password', { email: 'reset.checker@example.com' });
    await t.settled();
    const mail = (await t.outbox()).find((m) => m.includes('To: reset.checker@example.com'));
    const token = linkIn(mail as string) as string;
    const check = (value: string) =>
      t.inject({ method: 'GET', url: `/api/auth/reset-password/${value}`, remoteAddress: '10.0.0.1' });
    const invalid = { success: false, error: msg.auth.resetInvalid, code: 'NOT_FOUND' };

    const valid = await check(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ success: true, valid: true });
    expect(valid.headers['cache-control']).toBe('no-store');
    // Asking again, and then resetting, both still work: the check does not consume the token.
    expect((await check(token)).statusCode).toBe(200);
    expect((await post('reset-password', { token, newPassword: 'yeni-parol-2026' })).statusCode).toBe(200);

    const used = await check(token);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual(invalid);
    expect(used.headers['cache-control']).toBe('no-store');

    await post('forgot-password', { email: 'reset.checker@example.com' });
    await t.settled();
    const mails = (await t.outbox()).filter((x) => x.includes('To: reset.checker@example.com'));
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1] as string) as string;
    expect((await check(second)).statusCode).toBe(200);
    await t.app.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await check(second)).json()).toEqual(invalid);
    expect((await check('junk')).json()).toEqual(invalid);
    const tooLong = await check('x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('VALIDATION');
  });

  it('throttles reset-link checks and resets per IP, with the login limits', async () => {
    const limited = await buildTestApp({ LOGIN_ATTEMPTS_PER_IP: '2' });
    try {
      const from = (remoteAddress: string) =>
        limited.inject({ method: 'GET', url: `/api/auth/reset-password/${'a'.repeat(43)}`, remoteAddress });
      expect((await from('10.8.8.8')).statusCode).toBe(404);
      const reset = await limited.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: '10.8.8.8',
        payload: { token: 'a'.repeat(43), newPassword: 'yeni-parol-2026' },
      });
      expect(reset.statusCode).toBe(400);
      const blocked = await from('10.8.8.8');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(msg.auth.resetLimited);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await from('10.9.9.9')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('throttles forgot-password per email', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post('forgot-password', { email: 'flood@example.com' })).statusCode).toBe(200);
    const res = await post('forgot-password', { email: 'FLOOD@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, error: msg.auth.forgotLimited, code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  // Whether an address has an account must not show in the answer or its timing: the answer is
  // given before the address is looked up. Held here by a transaction that locks the users table
  // (on PGlite any open transaction holds every other query): an answer that waited for the
  // lookup could not come until the lock is let go.
  it('answers known and unknown addresses before looking them up; the mail follows', async () => {
    const { user } = await createUser(t.app, { username: 'lale', email: 'lale@example.com' });
    const before = (await t.outbox()).length;
    const answers = await whileUsersLocked(t, async () => {
      const both = await within(
        5000,
        Promise.all([
          post('forgot-password', { email: 'lale@example.com' }),
          post('forgot-password', { email: 'yox@example.com' }),
        ]),
        'forgot-password waited for the database before answering',
      );
      // The lookup is still waiting for the lock, and the drain counts it as work to wait for.
      expect(await t.app.handlersSettled(0)).toBe(false);
      return both;
    });
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: msg.auth.forgotSent });
    }
    await t.settled();
    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: lale@example.com');
    const stored = await t.app.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
  });

  it('a shutdown right after the answer waits for the reset mail, then closes', async () => {
    const other = await buildTestApp();
    try {
      await createUser(other.app, { email: 'drain@example.com' });
      let closing: Promise<void> | undefined;
      await whileUsersLocked(other, async () => {
        const res = await within(
          5000,
          other.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'drain@example.com' } }),
          'forgot-password waited for the database before answering',
        );
        expect(res.statusCode).toBe(200);
        closing = other.app.close();
      });
      await closing;
      // Closed only once the mail was out: the outbox is read after the app is gone.
      const mails = await other.outbox();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: drain@example.com');
    } finally {
      await other.close();
    }
  });
});

describe('PUT /api/user/change-password', () => {
  it('needs the current password, then revokes other sessions and returns a fresh token', async () => {
    const { user, token, password } = await createUser(t.app);
    const put = (tok: string, payload: object) =>
      t.injectAs(tok, { method: 'PUT', url: '/api/user/change-password', payload });

    const wrong = await put(token, { currentPassword: 'not-it-at-all', newPassword: 'yeni-parol-2025' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: msg.auth.wrongCurrentPassword });

    const common = await put(token, { currentPassword: password, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.newPassword).toBe(msg.fields.passwordCommon);

    const ok = await put(token, { currentPassword: password, newPassword: 'yeni-parol-2025' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(msg.auth.passwordChanged);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(ok.json().token)).json().id).toBe(user.id);
    expect((await post('login', { username: user.username, password: 'yeni-parol-2025' })).statusCode).toBe(200);
  });

  it('wrong current passwords count with the login failures of the account: past the limit 429, the right one too', async () => {
    const limited = await buildTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
    try {
      const { user, token, password } = await createUser(limited.app);
      const put = (currentPassword: string) =>
        limited.injectAs(token, {
          method: 'PUT',
          url: '/api/user/change-password',
          payload: { currentPassword, newPassword: 'yeni-parol-2025' },
        });
      for (let i = 0; i < 3; i++) expect((await put('yanlış-şifrə-123')).statusCode).toBe(400);
      const held = await put(password);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual({ success: false, error: msg.auth.loginLimited, code: 'RATE_LIMITED' });
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      // One count for the account: the login is held as well, and the password did not change.
      const login = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      payload: { currentPassword: 'a', newPassword: 'abcdefgh1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(msg.auth.missingToken);
  });
});

describe('token checks', () => {
  it('refuses missing, malformed, forged, alg-none, expired and deleted-user tokens with 401', async () => {
    const { user, token } = await createUser(t.app);
    expect((await profile(token)).statusCode).toBe(200);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: user.id, ver: 0 }),
    ).toString('base64url')}.`;
    const forged = createSigner({ key: 'another-secret-another-secret-xx', algorithm: 'HS256' })({
      sub: user.id,
      ver: 0,
    });
    const expired = createSigner({ key: t.app.config.jwtSecret, algorithm: 'HS256' })({
      sub: user.id,
      ver: 0,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const tampered = `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ sub: user.id, ver: 0, admin: true })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of ['garbage', none, forged, expired, tampered]) {
      const res = await profile(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(msg.auth.invalidToken);
    }
    const noHeader = await t.inject({ method: 'GET', url: '/api/user/profile' });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toEqual({ success: false, error: msg.auth.missingToken, code: 'UNAUTHORIZED' });

    await t.app.database.db.delete(users).where(eq(users.id, user.id));
    // The app raises this after every deletion (users.service.ts); it drops the cached user (plugins/auth.ts).
    t.app.bus.emit('user:revoked', { userId: user.id });
    expect(await reloadUser(t.app, user.id)).toBeUndefined();
    expect((await profile(token)).statusCode).toBe(401);
  });
});

const bootScriptHash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');

describe('infrastructure routes', () => {
  it('answers health and readiness, 404 with the error body for unknown /api paths, and serves OpenAPI', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
    const missing = await t.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: msg.common.notFoundRoute, code: 'NOT_FOUND' });
    const badUrl = await t.inject({ method: 'GET', url: '/api/user/profile/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, error: msg.common.badUrl, code: 'BAD_REQUEST' });
    const doc = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user/{id}/admin']));
  });

  it('sends security headers on answers, errors and unknown paths alike', async () => {
    for (const url of ['/api/health', '/api/user/profile', '/api/no/such/thing']) {
      const res = await t.inject({ method: 'GET', url });
      // Scripts from the origin, and inline only index.html's boot script, by its hash.
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${bootScriptHash}';`);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('throttles shared through Redis', () => {
  it('two app processes on one Redis share the registration limit', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: `kinodost-test-${Math.random().toString(36).slice(2)}:`,
      REGISTRATIONS_PER_IP_PER_HOUR: '2',
    };
    const a = await buildTestApp(env);
    const b = await buildTestApp(env);
    try {
      const reg = (app: TestApp, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.8.8.8',
          payload: { username: `shared_${n}`, email: `shared${n}@example.com`, password: 'kino-sevgisi-7' },
        });
      expect((await reg(a, 1)).statusCode).toBe(201);
      expect((await reg(b, 2)).statusCode).toBe(201);
      expect((await reg(a, 3)).statusCode).toBe(429);
      expect((await reg(b, 4)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('bodiless calls with a JSON content type', () => {
  it('an empty JSON body is no body: accepted where none is needed, a validation error where one is', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const sent = await t.injectAs(a.token, {
      method: 'POST',
      url: `/api/friends/request/${b.user.id}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(sent.statusCode).toBe(201);
    const accepted = await t.injectAs(b.token, {
      method: 'PUT',
      url: `/api/friends/accept/${sent.json().requestId}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(accepted.statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('VALIDATION');
    const poisoned = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"x","password":"y","__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
