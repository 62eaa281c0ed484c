import type { PublicProfile, UserProfile } from '@kinodost/contracts/schemas/users';
import type { UserRow } from '../../db/schema/index';

/** Where the browser loads an avatar file from (served by app.ts). */
export const avatarUrl = (avatar: string | null): string | null => (avatar ? `/uploads/avatars/${avatar}` : null);

/** The profile the owner and admins see. */
export const toProfile = (
  u: Pick<UserRow, 'id' | 'username' | 'email' | 'avatar' | 'isAdmin' | 'createdAt'>,
): UserProfile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  avatar_url: avatarUrl(u.avatar),
  isAdmin: u.isAdmin,
  created_at: u.createdAt.toISOString(),
});

/** What anyone may see of a member: no email. */
export const toPublicProfile = (u: UserRow): PublicProfile => ({
  id: u.id,
  username: u.username,
  avatar_url: avatarUrl(u.avatar),
  isAdmin: u.isAdmin,
  created_at: u.createdAt.toISOString(),
  last_seen: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
});
