import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { OfflineState } from '../../../components/offline-state';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { useListOffline } from '../../../lib/online';
import { toast } from '../../../lib/toast';
import { useBlockActions, useBlocks } from '../hooks/use-blocks';

const t = az.profile.blocks;

/** The profile page's list of the member's blocks, each with "Blokdan çıxar". */
export function BlockedList() {
  const blocks = useBlocks();
  const { unblock } = useBlockActions();
  const offline = useListOffline(blocks);

  if (offline) return <OfflineState />;
  if (blocks.isPending) return <Skeleton variant="rounded" height={56} />;
  if (blocks.isError) return <Alert severity="error">{t.loadError}</Alert>;
  if (blocks.data.data.length === 0) return <Typography color="text.secondary">{t.empty}</Typography>;

  return (
    <List disablePadding aria-label={t.title}>
      {blocks.data.data.map((person) => (
        <ListItem
          key={person.id}
          divider
          secondaryAction={
            <Button
              size="small"
              variant="outlined"
              disabled={unblock.isPending && unblock.variables === person.id}
              onClick={() =>
                unblock.mutate(person.id, { onSuccess: () => toast.success(t.unblocked(person.username)) })
              }
              aria-label={`${t.unblock}: ${person.username}`}
            >
              {t.unblock}
            </Button>
          }
        >
          <ListItemAvatar>
            <Avatar src={person.avatar_url ?? undefined} alt={az.friends.avatarAlt(person.username)}>
              {person.username.charAt(0).toLocaleUpperCase('az')}
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={
              <Link component={RouterLink} to={paths.user(person.id)} underline="hover">
                {person.username}
              </Link>
            }
            secondary={t.since(formatDate(person.blocked_at))}
          />
        </ListItem>
      ))}
    </List>
  );
}
