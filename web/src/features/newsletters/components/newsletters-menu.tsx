import NewspaperIcon from '@mui/icons-material/Newspaper';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { useNewsletterInbox } from '../hooks/use-newsletter-inbox';
import { importantColor, unreadColor } from './newsletter-colors';

/** The header's newsletters icon and popup (docs/product.md#newsletter-popup). */
export function NewslettersMenu() {
  const { unreadCount, latest, isLoading, markViewed } = useNewsletterInbox();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const close = () => setAnchor(null);

  const open = (id: string) => {
    markViewed(id);
    close();
    navigate(paths.newsletter(id));
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={az.newslettersPopup.iconLabel(unreadCount)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <CountBadge count={unreadCount} color="secondary">
          <NewspaperIcon />
        </CountBadge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 340, maxWidth: 'calc(100vw - 24px)' } },
        }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ px: 2, py: 1.5, fontWeight: 700 }}>
          {az.newslettersPopup.title}
        </Typography>
        <Divider />
        <Box sx={{ maxHeight: 400, overflowY: 'auto' }}>
          {isLoading ? (
            <Box sx={{ px: 2, py: 1 }} data-testid="newsletters-loading">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="rounded" height={44} sx={{ my: 1 }} />
              ))}
            </Box>
          ) : latest.length === 0 ? (
            <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
              {az.newslettersPopup.empty}
            </Typography>
          ) : (
            <List dense disablePadding>
              {latest.slice(0, 5).map((item) => (
                <ListItemButton
                  key={item.id}
                  data-important={item.is_important || undefined}
                  onClick={() => open(item.id)}
                  sx={
                    item.is_important
                      ? { borderLeft: 4, borderColor: importantColor, bgcolor: 'action.hover' }
                      : undefined
                  }
                >
                  <ListItemText
                    primary={item.title}
                    secondary={
                      <>
                        <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                        {item.is_important && (
                          <Box component="span" sx={{ ml: 1, color: importantColor, fontWeight: 700 }}>
                            {az.newslettersPopup.important}
                          </Box>
                        )}
                      </>
                    }
                    sx={{ minWidth: 0 }}
                    slotProps={{
                      // A title of one long word wraps inside the popup instead of running under the dot.
                      primary: { sx: { fontWeight: item.is_important ? 700 : 500, overflowWrap: 'anywhere' } },
                    }}
                  />
                  {!item.is_viewed && (
                    <Box
                      component="span"
                      role="img"
                      aria-label={az.newslettersPopup.unread}
                      sx={{ width: 8, height: 8, ml: 1, borderRadius: '50%', bgcolor: unreadColor, flexShrink: 0 }}
                    />
                  )}
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to={paths.newsletters} onClick={close} size="small">
            {az.newslettersPopup.all}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
