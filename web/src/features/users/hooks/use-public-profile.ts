import { useQuery } from '@tanstack/react-query';
import { getPublicProfile } from '../api/get-public-profile';
import { getPublicProfileByUsername } from '../api/get-public-profile-by-username';

/** Every member's public profile in the cache, however it was asked for. */
export const publicProfilesKey = ['users', 'public'] as const;

/** A member's public profile, by id or by username (whichever the route gave). */
export function usePublicProfile(by: { userId?: string; username?: string }) {
  const { userId, username } = by;
  return useQuery({
    queryKey: userId ? [...publicProfilesKey, 'id', userId] : [...publicProfilesKey, 'username', username],
    queryFn: ({ signal }) =>
      userId ? getPublicProfile(userId, signal) : getPublicProfileByUsername(username ?? '', signal),
    enabled: Boolean(userId || username),
  });
}
