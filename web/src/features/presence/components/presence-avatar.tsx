import { StatusAvatar, type StatusAvatarProps } from '../../../components/status-avatar';
import { usePresenceWhereKnown } from '../hooks/use-presence';

/**
 * A person's avatar with their presence where this client knows it: green when online, red once
 * told they are offline, neutral until then (never a false offline; docs/social.md).
 */
export function PresenceAvatar({ userId, ...avatar }: Omit<StatusAvatarProps, 'online'> & { userId: string }) {
  return <StatusAvatar {...avatar} online={usePresenceWhereKnown(userId)} />;
}
