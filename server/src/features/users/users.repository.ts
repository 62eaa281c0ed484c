import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { type UserRow, users } from '../../db/schema/index';
import { foreignKeyViolation } from '../../lib/db-errors';
import { normaliseUsername, usernameKey } from '../../lib/username';
import { deleteFilmsIfUnheld, filmsOfRunningImports } from '../imports';

/** All SQL about users. The auth feature uses it too: it is the users feature's public data API. */

export const findUserById = async (db: Db, id: string): Promise<UserRow | undefined> =>
  (
    await preparedOnce(db, 'user_by_id', (name) =>
      db
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name),
    ).execute({ id })
  )[0];

/** By username without regard to case; the typed name is NFKC-normalised as stored names are. */
export const findUserByUsername = async (db: Db, username: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${normaliseUsername(username)})`)
  )[0];

/** A member (other than exceptId) whose username is, or looks like, this one: same lower case or same look-alike key. */
export const findUserByLookalike = async (db: Db, username: string, exceptId?: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(
        and(
          or(sql`lower(${users.username}) = lower(${username})`, eq(users.usernameSkeleton, usernameKey(username))),
          exceptId === undefined ? undefined : ne(users.id, exceptId),
        ),
      )
      .limit(1)
  )[0];

/**
 * A user by username or email, both without regard to case. A keyboard may send a name decomposed
 * (S + U+0327 for Ş) or in compatibility forms; stored names are NFKC, so the typed one is too.
 */
export const findUserByLogin = async (db: Db, login: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(
        or(
          sql`lower(${users.username}) = lower(${normaliseUsername(login)})`,
          sql`lower(${users.email}) = lower(${login})`,
        ),
      )
      .limit(1)
  )[0];

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];

/** Inserts a member; the very first account becomes an admin (docs/product.md#accounts). */
export const insertUser = async (
  db: Db,
  values: { username: string; email: string; passwordHash: string },
): Promise<UserRow> => {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      usernameSkeleton: usernameKey(values.username),
      isAdmin: sql`not exists (select 1 from ${users})`,
    })
    .returning();
  return row as UserRow;
};

/** Changes a member's row; a new username brings its look-alike key along. */
/**
 * Sets a user's avatar and answers the file it replaced, reading that under a row lock: two
 * uploads at once each get the file the other wrote, so every replaced file is removed once and
 * none is left behind unreferenced. Undefined when there is no such user.
 */
export const swapAvatar = (db: Db, id: string, avatar: string | null) =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [current] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)).for('update');
    if (!current) return undefined;
    const after = await updateUser(tx, id, { avatar });
    return after && { after, replaced: current.avatar };
  });

export const updateUser = async (
  db: Db,
  id: string,
  patch: Partial<Pick<UserRow, 'username' | 'email' | 'isAdmin' | 'avatar' | 'visibility'>>,
): Promise<UserRow | undefined> =>
  (
    await db
      .update(users)
      .set({
        ...patch,
        ...(patch.username === undefined ? {} : { usernameSkeleton: usernameKey(patch.username) }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning()
  )[0];

/** Sets a new password hash and bumps the token version, revoking every earlier token. */
export const setUserPassword = async (db: Db, id: string, passwordHash: string): Promise<UserRow | undefined> =>
  (
    await db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
  )[0];

/**
 * Deletes a member (in the caller's transaction); everything of theirs cascades. An import of
 * theirs still running would have undone its member films on failing, but its undo log cascades
 * with them: so the films it made (import_undo, docs/import-export.md) go here, unless another
 * member's entry or comment holds them now. The member's row is locked first, so a batch of the
 * import either committed before (and its films are read here) or fails on the missing member.
 */
export const deleteUserRow = async (db: Db, id: string): Promise<UserRow | undefined> => {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  const filmIds = await filmsOfRunningImports(db, id);
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  if (row && filmIds.length > 0) {
    // In a savepoint: another member adding one of these films at this moment makes the delete
    // fail on its foreign key, and then the films stay rather than the account deletion failing.
    await db
      .transaction(async (sp) => {
        await deleteFilmsIfUnheld(sp as unknown as Db, filmIds);
      })
      .catch((err: unknown) => {
        if (foreignKeyViolation(err) === undefined) throw err;
      });
  }
  return row;
};

/** Locks every admin row and counts them, so two concurrent demotions cannot remove the last admin. */
export const lockAdmins = async (db: Db): Promise<string[]> => {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
  return rows.map((r) => r.id);
};

/** How many admins there are: a count of the small partial index users_admins_idx. */
export const countAdmins = async (db: Db): Promise<number> =>
  (await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)))[0]?.n ?? 0;

const SORTS = {
  created_at: asc(users.createdAt),
  '-created_at': desc(users.createdAt),
  username: asc(sql`lower(${users.username})`),
  '-username': desc(sql`lower(${users.username})`),
} as const;

/** One page of users, optionally filtered by a username or email fragment. */
export const listUsers = async (
  db: Db,
  q: { page: number; limit: number; search?: string; sort?: keyof typeof SORTS },
): Promise<{ rows: UserRow[]; total: number }> => {
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined;
  const sort = q.sort ?? '-created_at';
  const page = { limit: q.limit, offset: (q.page - 1) * q.limit };
  const [rows, total] = await Promise.all([
    where
      ? db.select().from(users).where(where).orderBy(SORTS[sort], asc(users.id)).limit(page.limit).offset(page.offset)
      : preparedOnce(db, `users_page_${sort}`, (name) =>
          db
            .select()
            .from(users)
            .orderBy(SORTS[sort], asc(users.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare(name),
        ).execute(page),
    where ? countUsers(db, where) : countAllUsers(db),
  ]);
  return { rows, total };
};

const countUsers = async (db: Db, where?: SQL) => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;

/**
 * The unfiltered total of the admin users page. Counting 100,000 members costs tens of
 * milliseconds, so on a large install (at least LARGE members) the page answers with the
 * last count and, once that is TOTAL_TTL_MS old, counts again in the background (one count
 * at a time): the total may lag a sign-up by about that much, and no page view waits for it.
 * Small installs, and tests, always count exactly.
 */
const LARGE = 10_000;
const TOTAL_TTL_MS = 2_000;
const allUsersTotal = new WeakMap<Db, { n: number; at: number; refreshing?: Promise<number> }>();
const countAllUsers = async (db: Db): Promise<number> => {
  const cached = allUsersTotal.get(db);
  if (cached && cached.n >= LARGE) {
    if (Date.now() - cached.at >= TOTAL_TTL_MS && !cached.refreshing) {
      cached.refreshing = recount(db).catch(() => {
        cached.refreshing = undefined;
        return cached.n;
      });
    }
    return cached.n;
  }
  return recount(db);
};
const recount = async (db: Db) => {
  const n = await countUsers(db);
  allUsersTotal.set(db, { n, at: Date.now() });
  return n;
};
