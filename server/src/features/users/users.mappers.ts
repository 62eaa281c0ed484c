import type { PublicProfile, UserProfile } from '@kinodost/contracts/schemas/users';
import type { UserRow } from '../../db/schema/index';

/** Where the browser loads an avatar file from (served by app.ts). */
export const avatarUrl = (avatar: string | null): string | null => (avatar ? `/uploads/avatars/${avatar}` : null);

/** The profile the owner and admins see. */
export const toProfile = (
  u: Pick<UserRow, 'id' | 'username' | 'email' | 'avatar' | 'isAdmin' | 'createdAt' | 'visibility'>,
): UserProfile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  avatar_url: avatarUrl(u.avatar),
  isAdmin: u.isAdmin,
  created_at: u.createdAt.toISOString(),
  visibility: u.visibility,
});

/**
 * What a viewer may see of a member: no email; `last_seen` only when the viewer may see their
 * presence, and whether their collection is hidden from the viewer (features/privacy/visibility.ts).
 */
export const toPublicProfile = (
  u: UserRow,
  may: { presence: boolean; collection: boolean } = { presence: false, collection: u.visibility === 'public' },
): PublicProfile => ({
  id: u.id,
  username: u.username,
  avatar_url: avatarUrl(u.avatar),
  isAdmin: u.isAdmin,
  created_at: u.createdAt.toISOString(),
  ...(may.presence ? { last_seen: u.lastSeenAt ? u.lastSeenAt.toISOString() : null } : {}),
  collection_hidden: !may.collection,
});
