import { useQuery } from '@tanstack/react-query';
import { getPublicProfile } from '../api/get-public-profile';
import { getPublicProfileByUsername } from '../api/get-public-profile-by-username';

/** A member's public profile, by id or by username (whichever the route gave). */
export function usePublicProfile(by: { userId?: string; username?: string }) {
  const { userId, username } = by;
  return useQuery({
    queryKey: userId ? ['users', 'public', 'id', userId] : ['users', 'public', 'username', username],
    queryFn: ({ signal }) =>
      userId ? getPublicProfile(userId, signal) : getPublicProfileByUsername(username ?? '', signal),
    enabled: Boolean(userId || username),
  });
}
