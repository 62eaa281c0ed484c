import type { Movie } from '@kinodost/contracts/schemas/movies';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteMovie } from '../hooks/use-movies';

const t = az.movies.deleteDialog;

/** Asks before deleting `movie`; `onDeleted` runs after the server agreed. */
export function DeleteMovieDialog({
  movie,
  onClose,
  onDeleted,
}: {
  movie: Movie | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const mutation = useDeleteMovie();
  const confirm = () => {
    if (!movie) return;
    mutation.mutate(movie.id, {
      onSuccess: () => {
        toast.success(az.movies.toasts.deleted);
        onClose();
        onDeleted?.();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <ConfirmDialog
      open={Boolean(movie)}
      title={t.title}
      text={movie ? t.text(movie.title) : ''}
      confirmLabel={t.confirm}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
