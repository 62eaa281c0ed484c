import type { AdminUpdateUserBody, UpdateProfileBody, UserListQuery } from '@kinodost/contracts/schemas/users';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { imageLimit, processAvatar } from '../../lib/avatar-image';
import { uniqueViolation } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { EventBus } from '../../lib/event-bus';
import { msg } from '../../lib/messages';
import { verifyPassword } from '../../lib/password';
import { type FileStore, newUploadName } from '../../lib/storage';
import type { Throttle } from '../../lib/throttle';
import { assertUsernameAllowed, normaliseUsername } from '../../lib/username';
import * as repo from './users.repository';

/**
 * The key of an account's failed password checks in loginFailuresPerAccount: a login's and an
 * account deletion's guesses at one password share one count.
 */
export const accountFailuresKey = (userId: string) => `account:${userId}`;

export interface UsersDeps {
  db: Db;
  bus: EventBus;
  avatars: FileStore;
  log: FastifyBaseLogger;
  /** The login's per-account count of failed passwords (features/auth/auth.throttles.ts). */
  passwordFailures: Throttle;
}

/** The 409 for a taken username or email, with the field it concerns. */
function takenError(field: 'username' | 'email'): ConflictError {
  const text = field === 'username' ? msg.auth.usernameTaken : msg.auth.emailTaken;
  return new ConflictError(text, { [field]: text });
}

/**
 * Refuses a username another account has or that looks like one (409), or that breaks the
 * username rules (400), and an email another account has (case-insensitive). The 409 comes
 * first: `аdmin` (Cyrillic а) is "taken" while `admin` exists, not merely mixed-script.
 * Pass the username in NFKC form (usernameOf), as it will be stored.
 */
export async function assertAvailable(db: Db, fields: { username?: string; email?: string }, exceptId?: string) {
  if (fields.username !== undefined) {
    if (await repo.findUserByLookalike(db, fields.username, exceptId)) throw takenError('username');
    assertUsernameAllowed(fields.username);
  }
  if (fields.email) {
    const other = await repo.findUserByEmail(db, fields.email);
    if (other && other.id !== exceptId) throw takenError('email');
  }
}

/** A username as it is checked and stored: NFKC (docs/reliability.md, "Look-alike usernames"). */
export const usernameOf = <T extends string | undefined>(raw: T): T =>
  (raw === undefined ? raw : normaliseUsername(raw)) as T;

/** Maps a unique violation lost to a concurrent request onto the same 409 as the pre-check. */
export function rethrowTaken(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_username_lower_key' || constraint === 'users_username_skeleton_key')
    throw takenError('username');
  if (constraint === 'users_email_lower_key') throw takenError('email');
  throw err;
}

const mustExist = (row: UserRow | undefined): UserRow => {
  if (!row) throw new NotFoundError(msg.users.notFound);
  return row;
};

export const createUsersService = ({ db, bus, avatars, log, passwordFailures }: UsersDeps) => {
  /** Removes a file that is no longer referenced; a failure only leaves an orphan, so it is logged. */
  const removeFile = async (name: string | null) => {
    if (!name) return;
    await avatars.remove(name).catch((err) => log.warn({ err, name }, 'could not remove avatar file'));
  };

  /** Tells the signed-in user cache (plugins/auth.ts) the row changed; call after the commit. */
  const changed = <T>(id: string, result: T): T => {
    bus.emit('user:changed', { userId: id });
    return result;
  };

  /**
   * Applies a profile edit (own or by an admin), keeping usernames and emails unique. A
   * username sent unchanged is left alone: a name from before the look-alike rules keeps
   * working in the profile form (and keeps its key, which may carry a suffix, migration 0010).
   */
  const editUser = async (id: string, patch: AdminUpdateUserBody): Promise<UserRow> => {
    const current = patch.username === undefined ? undefined : await repo.findUserById(db, id);
    let username = usernameOf(patch.username);
    if (current && (patch.username === current.username || username === current.username)) username = undefined;
    const changes = { ...patch, username, email: patch.email?.toLowerCase() };
    await assertAvailable(db, changes, id);
    try {
      return changed(id, mustExist(await repo.updateUser(db, id, changes)));
    } catch (err) {
      rethrowTaken(err);
    }
  };

  /**
   * Runs fn inside a transaction holding the admin rows, refusing when it would leave no admin
   * (400 for an admin acting on another, `refusal` for a member acting on themself).
   */
  const guardLastAdmin = <T>(
    targetId: string,
    fn: (tx: Db) => Promise<T>,
    refusal: () => Error = () => new ValidationError(msg.users.lastAdmin),
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const admins = await repo.lockAdmins(tx as unknown as Db);
      if (admins.length === 1 && admins[0] === targetId) throw refusal();
      return fn(tx as unknown as Db);
    });

  /** What a deletion sets off once committed: sessions end, the avatar file goes. */
  const deleted = async (row: UserRow | undefined) => {
    const gone = mustExist(row);
    bus.emit('user:revoked', { userId: gone.id });
    await removeFile(gone.avatar);
  };

  /**
   * Checks a member's password for a step that needs it. A wrong one is a 400 on `field` (the web
   * app ends the session on 401) and counts with the login's failures for the account, so a stolen
   * session guesses no faster than a login may (429 with Retry-After past the limit).
   */
  const confirmPassword = async (user: UserRow, password: string, field: string, wrong: string) => {
    const failures = accountFailuresKey(user.id);
    await passwordFailures.check(failures);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await passwordFailures.count(failures);
      throw new ValidationError(wrong, { [field]: wrong });
    }
    await passwordFailures.reset(failures);
  };

  return {
    getById: async (id: string) => mustExist(await repo.findUserById(db, id)),
    getByUsername: async (username: string) => mustExist(await repo.findUserByUsername(db, username)),

    /**
     * A member's own edit. A new email needs the current password (a wrong one is 400 and counts
     * with the login's failures, as for deleting the account): the address is where reset links go.
     */
    async updateOwnProfile(id: string, { currentPassword, ...patch }: UpdateProfileBody): Promise<UserRow> {
      if (patch.email !== undefined) {
        const user = mustExist(await repo.findUserById(db, id));
        if (patch.email.toLowerCase() !== user.email.toLowerCase()) {
          if (currentPassword === undefined) {
            throw new ValidationError(msg.users.emailNeedsPassword, { currentPassword: msg.users.emailNeedsPassword });
          }
          await confirmPassword(user, currentPassword, 'currentPassword', msg.auth.wrongCurrentPassword);
        }
      }
      return editUser(id, patch);
    },

    /** Re-encodes and stores a new avatar, then drops the file it replaced (repo.swapAvatar). */
    async setAvatar(id: string, upload: Buffer): Promise<UserRow> {
      const image = await imageLimit(() => processAvatar(upload));
      const name = newUploadName();
      await avatars.put(name, image);
      const swapped = await repo.swapAvatar(db, id, name).catch(async (err) => {
        await removeFile(name);
        throw err;
      });
      if (!swapped) {
        await removeFile(name);
        throw new NotFoundError(msg.users.notFound);
      }
      changed(id, swapped.after);
      await removeFile(swapped.replaced);
      return swapped.after;
    },

    async deleteAvatar(id: string): Promise<UserRow> {
      const swapped = await repo.swapAvatar(db, id, null);
      if (!swapped) throw new NotFoundError(msg.users.notFound);
      changed(id, swapped.after);
      await removeFile(swapped.replaced);
      return swapped.after;
    },

    /** One page of users and the number of admins (docs/architecture.md, "Status codes": the last admin stays). */
    list: async (q: UserListQuery) => {
      const [page, adminCount] = await Promise.all([
        repo.listUsers(db, { page: q.page, limit: q.limit, search: q.q, sort: q.sort }),
        repo.countAdmins(db),
      ]);
      return { ...page, adminCount };
    },

    /** Sets or removes the admin flag; the last admin cannot be demoted. */
    async setAdmin(id: string, isAdmin: boolean): Promise<UserRow> {
      if (isAdmin) return changed(id, mustExist(await repo.updateUser(db, id, { isAdmin })));
      return changed(id, await guardLastAdmin(id, async (tx) => mustExist(await repo.updateUser(tx, id, { isAdmin }))));
    },

    /** An admin's edit of any user, including the admin flag. */
    async adminUpdate(id: string, patch: AdminUpdateUserBody): Promise<UserRow> {
      const { isAdmin, ...profile } = patch;
      let row = Object.keys(profile).length > 0 ? await editUser(id, profile) : undefined;
      if (isAdmin !== undefined) row = await this.setAdmin(id, isAdmin);
      return mustExist(row);
    },

    /** Deletes a user and everything theirs (cascades), refusing to remove the last admin. */
    async deleteUser(id: string): Promise<void> {
      await deleted(await guardLastAdmin(id, (tx) => repo.deleteUserRow(tx, id)));
    },

    /**
     * A member deletes their own account, confirming with the password, with the effects of an
     * admin's delete. A wrong password is 400 (as a wrong current password is: the web app ends
     * the session on 401); the last admin is refused with 409 until another member is an admin.
     * Wrong passwords count with the login's failures for the account: a stolen session may not
     * guess the password faster than a login may (429 with Retry-After past the limit).
     */
    async deleteOwnAccount(id: string, password: string): Promise<void> {
      const user = mustExist(await repo.findUserById(db, id));
      await confirmPassword(user, password, 'password', msg.account.wrongPassword);
      await deleted(
        await guardLastAdmin(
          id,
          (tx) => repo.deleteUserRow(tx, id),
          () => new ConflictError(msg.account.lastAdmin),
        ),
      );
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
