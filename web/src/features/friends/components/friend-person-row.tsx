import type { PersonRef } from '@kinodost/contracts/schemas/people';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusAvatar } from '../../../components/status-avatar';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { PresenceText } from '../../presence/components/presence-text';
import { useConnected, useLastSeen, usePresenceWhereKnown } from '../../presence/hooks/use-presence';

export interface FriendPersonRowProps {
  person: PersonRef;
  /** A line under the name (since when, when the request came). */
  secondary?: ReactNode;
  /** Presence: by default what this client was told about the person (neutral when nothing). */
  online?: boolean;
  /** Also show 'İndi onlayn' or the last-seen text (asking the server for it when needed). */
  showLastSeen?: boolean;
  /**
   * An accepted friend: the connection's `users:online` list names every online friend, so once
   * connected a friend missing from it is known to be offline rather than neutral.
   */
  friend?: boolean;
  actions?: ReactNode;
}

/** One person in a friends list or search result: avatar, a link to the profile, actions. */
export function FriendPersonRow({
  person,
  secondary,
  online,
  showLastSeen = false,
  friend = false,
  actions,
}: FriendPersonRowProps) {
  // Asks about people in search results and requests too, rather than showing them offline.
  const whereKnown = usePresenceWhereKnown(person.id);
  const connected = useConnected();
  const known = friend && connected ? whereKnown === true : whereKnown;
  // Asks about the person only when the last seen is shown (the conditions of docs/product.md#presence apply).
  const presence = useLastSeen(showLastSeen ? person.id : null);
  const isOnline = online ?? known;
  return (
    <ListItem
      divider
      data-testid="friend-row"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        px: { xs: 1.5, sm: 2 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 180px', minWidth: 0 }}>
        <StatusAvatar
          src={person.avatar_url}
          alt={az.friends.avatarAlt(person.username)}
          name={person.username}
          online={isOnline}
        />
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={paths.user(person.id)}
            underline="hover"
            sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
          >
            {person.username}
          </Link>
          {secondary && (
            <Typography variant="body2" color="text.secondary">
              {secondary}
            </Typography>
          )}
          {showLastSeen && <PresenceText online={isOnline === true} lastSeen={presence.lastSeen} />}
        </Box>
      </Box>
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>{actions}</Box>
      )}
    </ListItem>
  );
}
