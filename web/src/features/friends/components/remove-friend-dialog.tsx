import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { useFriendActions } from '../hooks/use-friend-actions';

const t = az.friends.removeDialog;

/** Asks before ending a friendship; closes once the server has removed it. */
export function RemoveFriendDialog({
  person,
  onClose,
}: {
  person: { id: string; username: string } | null;
  onClose: () => void;
}) {
  const { remove, isBusy } = useFriendActions();
  return (
    <ConfirmDialog
      open={Boolean(person)}
      title={t.title}
      text={person ? t.text(person.username) : ''}
      confirmLabel={t.confirm}
      pending={isBusy(person?.id)}
      onConfirm={() => person && remove(person.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
