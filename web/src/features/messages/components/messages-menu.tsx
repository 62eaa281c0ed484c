import ChatIcon from '@mui/icons-material/Chat';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { useUnreadMessages } from '../hooks/use-messages';

/** The header's messages icon with the unread count; it opens /messages. */
export function MessagesMenu() {
  const unread = useUnreadMessages();
  return (
    <IconButton color="inherit" component={RouterLink} to={paths.messages} aria-label={az.messages.iconLabel(unread)}>
      <CountBadge count={unread} color="secondary">
        <ChatIcon />
      </CountBadge>
    </IconButton>
  );
}
