import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../hooks/use-user-admin';

const t = az.admin.users;

/**
 * Asks before deleting; the server refuses to delete the last admin and says so. `onDeleted` runs
 * with the close once the server agreed (the table moves the focus off the leaving row).
 */
export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: UserProfile | null;
  onClose: () => void;
  onDeleted?: (user: UserProfile) => void;
}) {
  const mutation = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    mutation.mutate(user.id, {
      onSuccess: () => {
        toast.success(t.deleted);
        onDeleted?.(user);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <ConfirmDialog
      open={Boolean(user)}
      title={t.deleteTitle}
      text={user ? t.deleteText(user.username) : ''}
      confirmLabel={t.deleteConfirm}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
