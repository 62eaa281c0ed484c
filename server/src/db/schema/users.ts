import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Who may see a member's collection, entries and activity (docs/social.md "Privacy"). */
export const VISIBILITIES = ['public', 'friends', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * Members. Username and email are unique without regard to case; usernames also by their
 * look-alike key (lib/username.ts, docs/reliability.md "Look-alike usernames").
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /**
     * usernameKey(username): every write of a username sets it. Null only for a row written
     * outside the app (a bench load); migrations fill such rows (db/username-keys.ts).
     */
    usernameSkeleton: text('username_skeleton'),
    /** Stored lowercase. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** File name of the avatar in the upload store, or null. */
    avatar: text('avatar'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Bumped on password change or reset: tokens carrying an older value are revoked. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** docs/social.md "Privacy": public (default), friends or private. */
    visibility: text('visibility', { enum: VISIBILITIES }).notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // Partial index: the last-admin check counts admins under a row lock.
    index('users_admins_idx').on(t.id).where(sql`${t.isAdmin}`),
    // Trigrams, for the people search and the admins' user search (ILIKE '%…%'): from three
    // letters on, a search reads the matching members instead of every one (migration 0009).
    // No pending list, as for every GIN index (migration 0005).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`).with({ fastupdate: false }),
    check('users_visibility_check', sql`${t.visibility} in ('public', 'friends', 'private')`),
    // The few members who hide their collection: a search over everyone's movies leaves theirs out
    // by this short list (features/privacy/visibility.ts hiddenOwnersFor).
    index('users_not_public_idx').on(t.id).where(sql`${t.visibility} <> 'public'`),
  ],
);
export type UserRow = typeof users.$inferSelect;
