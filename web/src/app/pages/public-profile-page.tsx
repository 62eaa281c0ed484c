import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { OfflinePage } from '../../components/offline-state';
import { PageSpinner } from '../../components/page-spinner';
import { StatusAvatar } from '../../components/status-avatar';
import { paths } from '../../config/paths';
import { FriendshipButton } from '../../features/friends/components/friendship-button';
import { UserMovies } from '../../features/movies/components/user-movies';
import { PresenceText } from '../../features/presence/components/presence-text';
import { useLastSeen, usePresenceWhereKnown } from '../../features/presence/hooks/use-presence';
import { useSelfOnline } from '../../features/presence/hooks/use-self-online';
import { BlockButton } from '../../features/privacy/components/block-button';
import { useBlocks } from '../../features/privacy/hooks/use-blocks';
import { usePublicProfile } from '../../features/users/hooks/use-public-profile';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { formatDate } from '../../lib/format-date';
import { useListOffline } from '../../lib/online';

const t = az.publicProfile;

/** /user/:userId and /user/username/:username. */
export function PublicProfilePage() {
  const { userId, username } = useParams();
  const { userId: myId, isLoggedIn } = useAuth();
  const query = usePublicProfile({ userId, username });
  const offline = useListOffline(query);
  const selfOnline = useSelfOnline();
  const profileId = query.data?.id;
  // Asked for members looking at someone else; the profile's last_seen stands in until the answer.
  const watched = isLoggedIn && profileId !== myId ? profileId : null;
  const presence = useLastSeen(watched, query.data?.last_seen);
  // Neutral until told: the server tells only those who may see this member's presence.
  const known = usePresenceWhereKnown(watched);
  // The same list the block button reads (one request): a member I blocked hides their collection
  // from me, and the section should say why, not that they hid it.
  const blocks = useBlocks(isLoggedIn && profileId !== undefined && profileId !== myId);
  const blockedByMe = blocks.data?.data.some((b) => b.id === profileId) === true;

  if (offline) return <OfflinePage />;
  if (query.isPending) return <PageSpinner />;

  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        notFoundTitle={t.notFoundTitle}
        notFoundText={t.notFoundText}
        onRetry={() => query.refetch()}
        back={{ to: paths.home, label: az.common.backHome }}
      />
    );
  }

  const user = query.data;
  const own = myId === user.id;
  const online = own ? selfOnline : known;
  // A member whose presence the caller may not see: the profile carries no last_seen and the
  // socket answers nothing, so neither dot colour nor a last-seen line is shown.
  const showPresence = own || known !== null || user.last_seen !== undefined;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', maxWidth: 552, mx: 'auto', mb: 5 }}>
        {isLoggedIn ? (
          // Members see presence (visitors get none: docs/product.md#roles).
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <StatusAvatar
              src={user.avatar_url}
              alt={t.avatarAlt(user.username)}
              name={user.username}
              online={online}
              size={120}
            />
          </Box>
        ) : (
          <Avatar
            src={user.avatar_url ?? undefined}
            alt={t.avatarAlt(user.username)}
            // The colours of the member's every other avatar (components/status-avatar.tsx): MUI's own
            // letter colour is the page's background, dark on this circle in the dark theme.
            sx={{
              width: 120,
              height: 120,
              fontSize: 48,
              mx: 'auto',
              mb: 2,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
            }}
          >
            {user.username.charAt(0).toLocaleUpperCase('az')}
          </Avatar>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {user.username}
          </Typography>
          {user.isAdmin && <Chip label={t.admin} color="secondary" size="small" />}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t.memberSince(formatDate(user.created_at))}
        </Typography>
        {isLoggedIn && showPresence && (
          <Box sx={{ mt: 0.5 }}>
            <PresenceText online={online === true} lastSeen={presence.lastSeen} />
          </Box>
        )}
        {!own && <FriendshipButton userId={user.id} username={user.username} />}
        {!own && <BlockButton userId={user.id} username={user.username} />}
        {own && (
          <Alert
            severity="info"
            sx={{ mt: 3, textAlign: 'left' }}
            action={
              <Button component={RouterLink} to={paths.profile} color="inherit" size="small">
                {t.editOwn}
              </Button>
            }
          >
            {t.itsYou}
          </Alert>
        )}
      </Paper>
      <UserMovies
        userId={user.id}
        hidden={user.collection_hidden || blockedByMe}
        hiddenText={blockedByMe ? t.blockedCollection : undefined}
      />
    </Container>
  );
}
