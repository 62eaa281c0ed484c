import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { OfflineState } from '../../components/offline-state';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { ConversationList } from '../../features/messages/components/conversation-list';
import { useConversations } from '../../features/messages/hooks/use-messages';
import { az } from '../../i18n/az';
import { useListOffline } from '../../lib/online';

const t = az.messages;

/** /messages: the member's conversations with friends, newest first (docs/messages.md). */
export function MessagesPage() {
  const query = useConversations();
  const offline = useListOffline(query);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t.title}
      </Typography>
      {offline ? (
        <OfflineState />
      ) : query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{t.loadFailed}</Typography>
          <Button onClick={() => query.refetch()}>{t.retry}</Button>
        </Paper>
      ) : query.data.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t.empty}
          </Typography>
          <Button component={RouterLink} to={paths.friends} variant="outlined">
            {t.toFriends}
          </Button>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <ConversationList conversations={query.data.data} />
        </Paper>
      )}
    </Container>
  );
}
