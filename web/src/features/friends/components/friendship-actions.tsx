import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { az } from '../../../i18n/az';
import type { FriendshipStatusReply } from '../api/friend-types';
import { useFriendActions } from '../hooks/use-friend-actions';
import { RemoveFriendDialog } from './remove-friend-dialog';

const t = az.friends.actions;

export interface FriendshipActionsProps {
  person: { id: string; username: string };
  status: FriendshipStatusReply['status'];
  direction?: FriendshipStatusReply['direction'];
  requestId?: string;
  /** Offer 'Dostlardan çıxar' (with a confirmation) for friends; otherwise a 'Dostsunuz' chip. */
  allowRemove?: boolean;
  size?: 'small' | 'medium';
}

/**
 * The buttons that follow a friendship status: add (none), cancel (my request waits), accept and
 * reject (their request waits), remove or a 'Dostsunuz' chip (friends).
 */
export function FriendshipActions({
  person,
  status,
  direction,
  requestId,
  allowRemove = false,
  size = 'small',
}: FriendshipActionsProps) {
  const actions = useFriendActions();
  const [confirming, setConfirming] = useState(false);
  const busy = actions.isBusy(person.id) || actions.isBusy(requestId);
  const { username } = person;

  if (status === 'accepted') {
    if (!allowRemove)
      return <Chip icon={<HowToRegIcon />} label={t.friends} color="success" variant="outlined" size={size} />;
    return (
      <>
        <Button
          size={size}
          color="error"
          variant="outlined"
          startIcon={<PersonRemoveIcon />}
          aria-label={t.removeLabel(username)}
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t.remove}
        </Button>
        <RemoveFriendDialog person={confirming ? person : null} onClose={() => setConfirming(false)} />
      </>
    );
  }

  if (status === 'pending' && requestId && direction === 'incoming') {
    return (
      <>
        <Button
          size={size}
          color="success"
          variant="contained"
          startIcon={<CheckIcon />}
          aria-label={t.acceptLabel(username)}
          disabled={busy}
          onClick={() => actions.accept(requestId)}
        >
          {t.accept}
        </Button>
        <Button
          size={size}
          color="error"
          variant="outlined"
          startIcon={<CloseIcon />}
          aria-label={t.rejectLabel(username)}
          disabled={busy}
          onClick={() => actions.reject(requestId)}
        >
          {t.reject}
        </Button>
      </>
    );
  }

  if (status === 'pending' && requestId) {
    return (
      <Button
        size={size}
        variant="outlined"
        startIcon={<UndoIcon />}
        aria-label={t.cancelLabel(username)}
        disabled={busy}
        onClick={() => actions.cancel(requestId)}
      >
        {t.cancel}
      </Button>
    );
  }

  return (
    <Button
      size={size}
      variant="contained"
      startIcon={<PersonAddIcon />}
      aria-label={t.addLabel(username)}
      disabled={busy}
      onClick={() => actions.send(person.id)}
    >
      {t.add}
    </Button>
  );
}
