import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema/index';
import { usersTag } from '../../features/users';
import { hashPassword } from '../../lib/password';
import { usernameKey } from '../../lib/username';
import { dropCached } from './cache';

/** The password every factory user has. */
export const FACTORY_PASSWORD = 'Kino-Dost-Parol-42';
let hashed: Promise<string> | undefined;

export interface FactoryUser {
  user: UserRow;
  token: string;
  password: string;
}

/** Inserts a member straight into the database (one shared argon2id hash keeps suites fast). */
export async function createUser(
  app: App,
  overrides: Partial<Pick<UserRow, 'username' | 'email' | 'isAdmin' | 'avatar'>> = {},
): Promise<FactoryUser> {
  hashed ??= hashPassword(FACTORY_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const username = overrides.username ?? `user_${suffix}`;
  const [user] = await app.database.db
    .insert(users)
    .values({
      email: `user_${suffix}@example.com`,
      passwordHash: await hashed,
      isAdmin: false,
      ...overrides,
      username,
      usernameSkeleton: usernameKey(username),
    })
    .returning();
  if (!user) throw new Error('insert failed');
  dropCached(app, usersTag);
  return { user, token: app.tokens.sign({ sub: user.id, ver: user.tokenVersion }), password: FACTORY_PASSWORD };
}

export const createAdmin = (app: App, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(app, { ...overrides, isAdmin: true });

/** Reads a user's row as it is now. */
export async function reloadUser(app: App, id: string): Promise<UserRow | undefined> {
  return (await app.database.db.select().from(users).where(eq(users.id, id)))[0];
}

/** Members with these usernames straight into a database, unable to sign in: for tests of SQL alone. Their ids, in order. */
export async function insertMembers(db: Db, usernames: string[]): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      usernames.map((username) => ({
        username,
        usernameSkeleton: usernameKey(username),
        email: `${username}@example.com`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}
