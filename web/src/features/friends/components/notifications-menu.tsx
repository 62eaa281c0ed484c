import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { NotificationRows } from '../../notifications/components/notification-rows';
import { useNotifications } from '../../notifications/hooks/use-notifications';
import { PresenceAvatar } from '../../presence/components/presence-avatar';
import { useIncomingRequests } from '../hooks/use-incoming-requests';

const t = az.notificationsPopup;

/** The list's maximum height (docs/product.md#notifications-popup). */
export const NOTIFICATIONS_LIST_MAX_HEIGHT = 320;

/**
 * The header's notifications icon and popup (docs/product.md#notifications-popup): the
 * friend-request section exactly as the product has it, then the other notifications (accepted requests,
 * moderated comments) with "mark all read". The badge counts pending requests and unread others.
 */
export function NotificationsMenu() {
  const { requests, count: requestCount, isLoading, accept, reject, isBusy, refresh } = useIncomingRequests();
  const others = useNotifications();
  const count = requestCount + others.unreadCount;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const close = () => setAnchor(null);
  // The count call and the list can be a moment apart; the section never claims fewer than it lists.
  const sectionCount = Math.max(requestCount, requests.length);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t.iconLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          refresh();
          others.refresh();
        }}
      >
        <CountBadge count={count} color="error">
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } },
        }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ px: 2, py: 1.5, fontWeight: 700 }}>
          {t.title}
        </Typography>
        <Divider />
        {isLoading && requests.length === 0 ? (
          <Box sx={{ px: 2, py: 1 }} data-testid="notifications-loading" aria-busy="true">
            {[0, 1].map((row) => (
              <Skeleton key={row} variant="rounded" height={48} sx={{ my: 1 }} />
            ))}
          </Box>
        ) : requests.length === 0 ? (
          others.items.length === 0 && (
            <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
              {t.empty}
            </Typography>
          )
        ) : (
          <Box component="section" aria-labelledby={`${titleId}-requests`}>
            <Typography
              id={`${titleId}-requests`}
              variant="subtitle2"
              component="h3"
              color="text.secondary"
              sx={{ px: 2, pt: 1.5, pb: 0.5, fontWeight: 700 }}
            >
              {t.friendRequests(sectionCount)}
            </Typography>
            <List
              dense
              data-testid="notifications-list"
              sx={{ maxHeight: NOTIFICATIONS_LIST_MAX_HEIGHT, overflowY: 'auto', pt: 0 }}
            >
              {requests.map(({ id, sender }) => {
                const busy = isBusy(id);
                return (
                  <ListItem
                    key={id}
                    secondaryAction={
                      <Box sx={{ display: 'flex', gap: 0.5 }}>
                        <IconButton
                          size="small"
                          color="success"
                          aria-label={`${t.accept}: ${sender.username}`}
                          disabled={busy}
                          onClick={() => accept(id)}
                        >
                          <CheckIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`${t.reject}: ${sender.username}`}
                          disabled={busy}
                          onClick={() => reject(id)}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    }
                  >
                    <ListItemAvatar>
                      <PresenceAvatar
                        userId={sender.id}
                        src={sender.avatar_url}
                        alt={az.friends.avatarAlt(sender.username)}
                        name={sender.username}
                      />
                    </ListItemAvatar>
                    <ListItemText
                      sx={{ pr: 9 }}
                      primary={
                        <Link
                          component={RouterLink}
                          to={paths.user(sender.id)}
                          onClick={close}
                          underline="hover"
                          sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                        >
                          {sender.username}
                        </Link>
                      }
                      secondary={t.sentYouRequest}
                    />
                  </ListItem>
                );
              })}
            </List>
          </Box>
        )}
        {others.items.length > 0 && (
          <NotificationRows
            items={others.items}
            unreadCount={others.unreadCount}
            onMarkAllRead={others.markAllRead}
            isMarking={others.isMarking}
            onNavigate={close}
            withDivider={requests.length > 0}
          />
        )}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button
            component={RouterLink}
            to={paths.friends}
            state={requests.length > 0 ? { tab: 'incoming' } : undefined}
            onClick={close}
            size="small"
          >
            {t.showAll}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
