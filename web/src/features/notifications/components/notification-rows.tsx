import type { Notification } from '@kinodost/contracts/schemas/notifications';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatLastSeen } from '../../presence/last-seen-text';

const t = az.notificationsPopup;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** What happened, as a sentence (the actor's name, when there is one, is a link before it). */
function describe(n: Notification): string {
  switch (n.type) {
    case 'friend_accepted':
      return t.friendAccepted;
    case 'comment_approved':
      return n.film ? t.commentApproved(n.film.title) : t.commentNoFilm;
    case 'comment_rejected':
      return n.film ? t.commentRejected(n.film.title) : t.commentNoFilm;
    default:
      return t.sentYouRequest;
  }
}

/** The popup's notifications other than friend requests, below the friend-request section (docs/product.md#notifications-popup). */
export function NotificationRows({
  items,
  unreadCount,
  onMarkAllRead,
  isMarking,
  onNavigate,
  withDivider,
}: {
  items: Notification[];
  unreadCount: number;
  onMarkAllRead: () => void;
  isMarking: boolean;
  onNavigate: () => void;
  withDivider: boolean;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const now = Date.now();
  // The button goes once nothing is unread (and is disabled meanwhile): focus moves to the
  // section's title first, so it stays in the popup and Escape still closes it.
  const markAllRead = () => {
    title.current?.focus();
    onMarkAllRead();
  };
  return (
    <Box component="section" aria-labelledby={titleId}>
      {withDivider && <Divider />}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography
          id={titleId}
          ref={title}
          tabIndex={-1}
          variant="subtitle2"
          component="h3"
          color="text.secondary"
          sx={{ fontWeight: 700, flex: 1 }}
        >
          {t.others}
        </Typography>
        {unreadCount > 0 && (
          <Button size="small" onClick={markAllRead} disabled={isMarking}>
            {t.markAllRead}
          </Button>
        )}
      </Box>
      <List dense data-testid="other-notifications" sx={{ maxHeight: 240, overflowY: 'auto', pt: 0 }}>
        {items.map((n) => (
          <ListItem
            key={n.id}
            data-testid="notification-item"
            data-read={n.read ? 'true' : 'false'}
            sx={{ bgcolor: n.read ? undefined : 'action.hover' }}
          >
            <ListItemAvatar>
              <Avatar src={n.actor?.avatar_url ?? n.film?.poster_url ?? undefined} alt="">
                {(n.actor?.username ?? n.film?.title ?? '?').charAt(0).toLocaleUpperCase('az')}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={
                <>
                  {!n.read && <span style={visuallyHidden}>{`${t.unread}: `}</span>}
                  {n.actor && (
                    <>
                      <Link
                        component={RouterLink}
                        to={paths.user(n.actor.id)}
                        onClick={onNavigate}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                      >
                        {n.actor.username}
                      </Link>{' '}
                    </>
                  )}
                  {n.film && !n.actor ? (
                    <Link component={RouterLink} to={paths.film(n.film.id)} onClick={onNavigate} underline="hover">
                      {describe(n)}
                    </Link>
                  ) : (
                    describe(n)
                  )}
                </>
              }
              secondary={formatLastSeen(n.created_at, now)}
              // A film title of one long word wraps inside the popup.
              sx={{ minWidth: 0 }}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
