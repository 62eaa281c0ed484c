import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { Newsletter } from '../api/newsletter-types';
import { useDeleteNewsletter } from '../hooks/use-admin-newsletters';

const t = az.adminNewsletters.deleteDialog;

/**
 * Asks before deleting a newsletter (its read marks go with it). `onDeleted` runs with the close
 * once the server agreed (the admin list moves the focus off the leaving row).
 */
export function DeleteNewsletterDialog({
  newsletter,
  onClose,
  onDeleted,
}: {
  newsletter: Newsletter | null;
  onClose: () => void;
  onDeleted?: (newsletter: Newsletter) => void;
}) {
  const mutation = useDeleteNewsletter();
  const confirm = () => {
    if (!newsletter) return;
    mutation.mutate(newsletter.id, {
      onSuccess: () => {
        toast.success(az.adminNewsletters.toasts.deleted);
        onDeleted?.(newsletter);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <ConfirmDialog
      open={Boolean(newsletter)}
      title={t.title}
      text={newsletter ? t.text(newsletter.title) : ''}
      confirmLabel={t.confirm}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
