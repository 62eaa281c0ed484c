import { MESSAGE_MAX } from '@kinodost/contracts/limits';
import type { Message } from '@kinodost/contracts/schemas/messages';
import type { PersonRef } from '@kinodost/contracts/schemas/people';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusAvatar } from '../../../components/status-avatar';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { getMessageDraft, setMessageDraft } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useIsOnline } from '../../presence/hooks/use-presence';
import { typingStore, useIsTyping } from '../hooks/typing-store';
import { useMarkRead, useSendMessage } from '../hooks/use-messages';
import { dayLabel, sameDay } from '../message-time';
import { LinkifiedText } from './linkified-text';
import { MessageFilmCard } from './message-film-card';

const t = az.messages;

/** The friend the thread is with. */
export type ThreadFriend = PersonRef;

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <Box
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', my: 0.5 }}
    >
      <Paper
        elevation={0}
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: '80%',
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          borderRadius: 2,
        }}
      >
        {message.text && (
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkifiedText text={message.text} />
          </Typography>
        )}
        {message.film && <MessageFilmCard film={message.film} />}
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25, opacity: 0.8 }}
        >
          <Typography variant="caption">{formatTime(message.created_at)}</Typography>
          {mine &&
            (message.read_at ? (
              <DoneAllIcon sx={{ fontSize: 16 }} aria-label={t.read} data-testid="read-tick" />
            ) : (
              <DoneIcon sx={{ fontSize: 16 }} aria-label={t.sent} />
            ))}
        </Box>
      </Paper>
    </Box>
  );
}

function Composer({ friendId }: { friendId: string }) {
  const [text, setText] = useState(() => getMessageDraft(friendId));
  const send = useSendMessage();
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setText(getMessageDraft(friendId)), [friendId]);
  // A thread opened with a mouse or a keyboard is there to write in; on a touch screen the focus
  // would raise the keyboard over the messages, so there it waits for a tap.
  useEffect(() => {
    if (friendId && window.matchMedia?.('(pointer: fine)').matches) input.current?.focus({ preventScroll: true });
  }, [friendId]);
  const tooLong = [...text].length > MESSAGE_MAX;
  const submit = () => {
    const body = text.trim();
    if (!body || tooLong || send.isPending) return;
    send.mutate(
      { to: friendId, body: { text: body } },
      {
        onSuccess: () => {
          setText('');
          setMessageDraft(friendId, '');
        },
        onError: (error) => toast.error(errorMessage(error) || t.sendFailed),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter is a new line; an IME composing a word keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <TextInput
        label={null}
        inputRef={input}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMessageDraft(friendId, e.target.value);
          if (e.target.value.trim()) typingStore.iAmTyping(friendId);
        }}
        onKeyDown={onKeyDown}
        placeholder={t.composerPlaceholder}
        multiline
        maxRows={5}
        fullWidth
        size="small"
        error={tooLong}
        helperText={tooLong ? t.tooLong(MESSAGE_MAX) : undefined}
        inputProps={{ 'aria-label': t.composerLabel, enterKeyHint: 'send' }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label={t.send}
        disabled={!text.trim() || tooLong || send.isPending}
      >
        {send.isPending ? <CircularProgress size={22} /> : <SendIcon />}
      </IconButton>
    </Box>
  );
}

/**
 * One conversation: the friend's name, presence and "yazır…" on top, the messages oldest to newest
 * with the newest at the bottom ("load earlier" above them), and the composer. The friend's
 * messages are marked read while this is on screen.
 */
export function MessageThread({
  friend,
  me,
  pages,
  hasEarlier,
  loadingEarlier,
  loadEarlier,
}: {
  friend: ThreadFriend;
  me: string;
  /** Pages as fetched: newest page first, each newest first. */
  pages: Message[][];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  loadEarlier: () => void;
}) {
  const online = useIsOnline(friend.id);
  const typing = useIsTyping(friend.id);
  const markRead = useMarkRead();
  const messages = useMemo(() => pages.flat().reverse(), [pages]);
  const newest = messages[messages.length - 1];
  const scroller = useRef<HTMLDivElement>(null);
  const heightBefore = useRef<number | null>(null);

  // A new newest message scrolls to the bottom; older ones loaded above keep what was on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change; the DOM is read through the ref.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [newest?.id, messages.length]);

  useEffect(() => {
    if (newest && newest.from === friend.id) typingStore.stopped(friend.id);
  }, [newest, friend.id]);

  // The friend's unread messages are read once they are on screen (and again when the tab is shown).
  const unreadFromFriend = messages.some((m) => m.from === friend.id && !m.read_at);
  const mutateRead = markRead.mutate;
  useEffect(() => {
    if (!unreadFromFriend) return;
    const mark = () => {
      if (document.visibilityState === 'visible') mutateRead(friend.id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unreadFromFriend, friend.id, mutateRead]);

  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // The whole screen under the header (and above the phone's bottom bar); the viewport resizes
        // with the on-screen keyboard (index.html's interactive-widget), so the composer stays above it.
        height: {
          xs: 'calc(100dvh - 56px - 64px - env(safe-area-inset-bottom))',
          sm: 'calc(100dvh - 64px - 48px)',
        },
        borderRadius: { xs: 0, sm: 1 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton component={RouterLink} to={paths.messages} aria-label={t.back}>
          <ArrowBackIcon />
        </IconButton>
        <StatusAvatar src={friend.avatar_url} name={friend.username} online={online} size={36} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {friend.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="typing">
            {typing ? t.typing : online ? az.statusAvatar.online : ''}
          </Typography>
        </Box>
      </Box>
      <Box ref={scroller} sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 1 }} data-testid="thread">
        {hasEarlier && (
          <Box sx={{ textAlign: 'center', my: 1 }}>
            <Button
              size="small"
              onClick={() => {
                heightBefore.current = scroller.current?.scrollHeight ?? null;
                loadEarlier();
              }}
              disabled={loadingEarlier}
            >
              {t.loadEarlier}
            </Button>
          </Box>
        )}
        {messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t.noMessages}
          </Typography>
        ) : (
          messages.map((m, i) => {
            const previous = messages[i - 1];
            return (
              <Fragment key={m.id}>
                {(!previous || !sameDay(previous.created_at, m.created_at)) && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    data-testid="day-divider"
                    sx={{ textAlign: 'center', my: 1 }}
                  >
                    {dayLabel(m.created_at)}
                  </Typography>
                )}
                <Bubble message={m} mine={m.from === me} />
              </Fragment>
            );
          })
        )}
      </Box>
      <Composer friendId={friend.id} />
    </Paper>
  );
}
