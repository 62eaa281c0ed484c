import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { OfflinePage } from '../../components/offline-state';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { MessageThread, type ThreadFriend } from '../../features/messages/components/message-thread';
import { useConversations, useThread } from '../../features/messages/hooks/use-messages';
import { usePublicProfile } from '../../features/users/hooks/use-public-profile';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { useListOffline } from '../../lib/online';

const t = az.messages;

/** /messages/:userId: the conversation with one friend; anyone else is "not found" (the server's 404). */
export function MessageThreadPage() {
  const { userId: friendId = '' } = useParams();
  const { userId: me } = useAuth();
  const thread = useThread(friendId);
  const offline = useListOffline(thread);
  const conversations = useConversations();
  const listed = conversations.data?.data.find((c) => c.user.id === friendId)?.user;
  // A first conversation is not in the list yet: the friend's name comes from their public profile.
  const profile = usePublicProfile({ userId: listed ? undefined : friendId });
  const friend: ThreadFriend | undefined =
    listed ??
    (profile.data
      ? { id: profile.data.id, username: profile.data.username, avatar_url: profile.data.avatar_url }
      : undefined);

  if (offline) return <OfflinePage />;
  if (thread.isError) {
    return (
      <LoadError
        error={thread.error}
        notFoundTitle={t.notFriendTitle}
        notFoundText={t.notFriendText}
        onRetry={() => thread.refetch()}
        back={{ to: paths.messages, label: t.back }}
      />
    );
  }
  if (thread.isPending || !friend || !me) return <PageSpinner />;

  return (
    <Container maxWidth="md" disableGutters sx={{ py: { xs: 0, sm: 3 } }}>
      <MessageThread
        friend={friend}
        me={me}
        pages={thread.data.pages.map((p) => p.data)}
        hasEarlier={thread.hasNextPage}
        loadingEarlier={thread.isFetchingNextPage}
        loadEarlier={() => void thread.fetchNextPage()}
      />
    </Container>
  );
}
