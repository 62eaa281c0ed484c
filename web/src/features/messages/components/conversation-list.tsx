import type { Conversation } from '@kinodost/contracts/schemas/messages';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { StatusAvatar } from '../../../components/status-avatar';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { useIsOnline } from '../../presence/hooks/use-presence';
import { useIsTyping } from '../hooks/typing-store';
import { lastMessageTime } from '../message-time';

const t = az.messages;

/** The conversation's last line: its text, or the film it carries; "Siz: " before my own. */
export const lastLine = (c: Conversation): string => {
  const body = c.last.text ?? (c.last.film ? t.filmShared(c.last.film.title) : '');
  return `${c.last.from_me ? t.you : ''}${body}`;
};

function ConversationRow({ conversation: c }: { conversation: Conversation }) {
  const online = useIsOnline(c.user.id);
  const typing = useIsTyping(c.user.id);
  return (
    <ListItemButton component={RouterLink} to={paths.thread(c.user.id)} data-testid="conversation" divider>
      <ListItemAvatar>
        <StatusAvatar src={c.user.avatar_url} name={c.user.username} online={online} />
      </ListItemAvatar>
      <ListItemText
        primary={c.user.username}
        secondary={typing ? t.typing : lastLine(c)}
        slotProps={{
          primary: { sx: { fontWeight: c.unread > 0 ? 700 : 500 } },
          secondary: { noWrap: true, sx: { fontWeight: c.unread > 0 ? 600 : 400 } },
        }}
      />
      <ListItemText
        sx={{ flex: 'none', textAlign: 'right', ml: 1 }}
        secondary={lastMessageTime(c.last.created_at)}
        primary={
          c.unread > 0 ? (
            <Badge badgeContent={c.unread} color="secondary" aria-label={t.unread(c.unread)} sx={{ mr: 1 }} />
          ) : null
        }
      />
    </ListItemButton>
  );
}

export function ConversationList({ conversations }: { conversations: Conversation[] }) {
  return (
    <List disablePadding>
      {conversations.map((c) => (
        // Each link in an item of its own: a list holds only <li> (axe "list").
        <li key={c.user.id}>
          <ConversationRow conversation={c} />
        </li>
      ))}
    </List>
  );
}
