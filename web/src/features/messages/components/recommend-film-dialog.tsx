import { MESSAGE_MAX } from '@kinodost/contracts/limits';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { az } from '../../../i18n/az';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { useFriendsList } from '../../friends/hooks/use-friend-queries';
import { PresenceAvatar } from '../../presence/components/presence-avatar';
import { sendMessage } from '../api/messages-api';
import { applyNewMessage } from '../hooks/message-keys';

const t = az.messages;

/** Pick friends, add a note if you like, send each a message with the film (recommend-film.tsx opens it). */
export function RecommendDialog({ film, onClose }: { film: { id: string; title: string }; onClose: () => void }) {
  const friends = useFriendsList();
  const client = useQueryClient();
  const { userId: me } = useAuth();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const tooLong = [...note].length > MESSAGE_MAX;

  const send = async () => {
    setSending(true);
    const text = note.trim();
    const results = await Promise.allSettled(
      [...chosen].map((to) => sendMessage(to, { film_id: film.id, ...(text ? { text } : {}) })),
    );
    setSending(false);
    const failed = results.filter((r) => r.status === 'rejected').length;
    for (const r of results) if (r.status === 'fulfilled' && me) applyNewMessage(client, r.value, me);
    if (failed > 0) toast.error(t.recommendFailed(failed));
    if (failed < results.length) {
      toast.success(t.recommended(results.length - failed));
      onClose();
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t.recommendTitle(film.title)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t.pickFriends}
        </Typography>
        {friends.items.length === 0 && !friends.isPending ? (
          <Typography color="text.secondary">{t.noFriends}</Typography>
        ) : (
          <List dense sx={{ maxHeight: 280, overflowY: 'auto' }}>
            {friends.items.map((f) => (
              <ListItemButton key={f.id} onClick={() => toggle(f.id)} data-testid="recommend-friend">
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    checked={chosen.has(f.id)}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-label': f.username } }}
                  />
                </ListItemIcon>
                <ListItemAvatar>
                  <PresenceAvatar userId={f.id} src={f.avatar_url} name={f.username} size={32} />
                </ListItemAvatar>
                <ListItemText primary={f.username} />
              </ListItemButton>
            ))}
          </List>
        )}
        <TextField
          label={t.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          maxRows={4}
          fullWidth
          sx={{ mt: 2 }}
          error={tooLong}
          helperText={tooLong ? t.tooLong(MESSAGE_MAX) : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t.cancel}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={() => void send()}
          disabled={chosen.size === 0 || sending || tooLong}
        >
          {t.recommendSend}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
