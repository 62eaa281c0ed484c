import type { FilmPage } from '@kinodost/contracts/schemas/films';
import type { MovieStatus } from '@kinodost/contracts/schemas/movies';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LazyConfirmDialog } from '../../../components/lazy-dialog';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage, isErrorBody } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import { useCreateMovie, useDeleteMovie, useUpdateMovie } from '../../movies/hooks/use-movies';

const t = az.films.mine;

const STATUSES: MovieStatus[] = ['watched', 'watchlist'];

/** What the member just chose, shown until the server has answered. */
interface Draft {
  status?: MovieStatus;
  rating?: number | null;
}

/**
 * The member's own status and rating of the film, set in place: the first choice adds the film to
 * their collection (`POST /api/movies {film_id}`; a rating alone means watched), later ones change
 * the entry (`PUT`), and it can be removed (`DELETE`).
 */
export function MyFilmEntry({ film }: { film: FilmPage }) {
  const mine = film.mine ?? null;
  const create = useCreateMovie();
  const update = useUpdateMovie();
  const remove = useDeleteMovie();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState(false);
  /** Choices not sent yet: made while an earlier one was being saved, merged, sent when it is done. */
  const queued = useRef<Draft | null>(null);
  const sending = useRef(false);
  const statusLabel = useId();
  const ratingLabel = useId();
  const firstStatus = useRef<HTMLButtonElement>(null);
  // The remove button goes with the entry: the focus goes to the control that adds the film again.
  const focusAfterRemove = useFocusAfterDelete<void>(() => (mine ? null : firstStatus.current));
  const saving = draft !== null;
  const status = draft?.status ?? mine?.status ?? null;
  const rating = draft && 'rating' in draft ? (draft.rating ?? null) : (mine?.rating ?? null);

  const onError = (error: unknown) => {
    const conflict = isErrorBody(error) && error.code === 'CONFLICT';
    toast.error(conflict ? az.films.picker.alreadyInCollection : errorMessage(error));
  };

  /**
   * Sends the queued choices one request at a time, so the last one chosen is the last one saved.
   * The controls stay enabled meanwhile: disabling the stars while a rating is saved dropped the
   * keyboard focus to the page, and → could not be pressed again.
   */
  const send = async () => {
    sending.current = true;
    let id = mine?.id ?? null;
    try {
      for (let change = queued.current; change; change = queued.current) {
        queued.current = null;
        if (id) {
          await update.mutateAsync({ id, body: change });
          if (!queued.current) toast.success(t.saved);
        } else {
          const rated = change.rating ?? undefined;
          const created = await create.mutateAsync({
            film_id: film.id,
            status: change.status ?? 'watched',
            ...(rated ? { rating: rated } : {}),
          });
          id = created.id;
          toast.success(az.movies.toasts.added(film.title));
        }
      }
    } catch (error) {
      queued.current = null;
      onError(error);
    } finally {
      sending.current = false;
      setDraft(null);
    }
  };

  const save = (change: Draft) => {
    if (remove.isPending) return;
    setDraft((shown) => ({ ...shown, ...change }));
    queued.current = { ...queued.current, ...change };
    if (!sending.current) void send();
  };

  const confirmRemove = () => {
    if (!mine) return;
    remove.mutate(mine.id, {
      onSuccess: () => {
        toast.success(t.removed);
        setRemoving(false);
        focusAfterRemove();
      },
      onError,
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${statusLabel}-title`} sx={{ mt: 2, p: 2 }}>
      <Typography id={`${statusLabel}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t.title}
      </Typography>
      {!mine && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.notInCollection}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1.5, sm: 3 }, mt: 1 }}>
        <Box>
          <Typography id={statusLabel} variant="caption" color="text.secondary" component="p">
            {t.status}
          </Typography>
          {/* Plain buttons, not ToggleButtonGroup: that would become a chunk of its own, shared with the
              dashboard's view switch, and one more request before the dashboard paints. */}
          <Box role="group" aria-labelledby={statusLabel} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {STATUSES.map((value, index) => (
              <Button
                key={value}
                ref={index === 0 ? firstStatus : undefined}
                size="small"
                variant={status === value ? 'contained' : 'outlined'}
                aria-pressed={status === value}
                onClick={() => value !== status && save({ status: value })}
              >
                {az.movies.status[value]}
              </Button>
            ))}
          </Box>
        </Box>
        <Box>
          <Typography id={ratingLabel} variant="caption" color="text.secondary" component="p">
            {t.rating}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Rating
              name="film-rating"
              max={10}
              value={rating}
              // Clicking the current star clears it (null); without an entry there is nothing to clear.
              onChange={(_, next) => (mine || next !== null) && save({ rating: next })}
              getLabelText={(value) => `${value}/10`}
              emptyLabelText={az.movies.form.ratingValue(null)}
              aria-labelledby={ratingLabel}
              sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' } }}
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {az.movies.form.ratingValue(rating)}
            </Typography>
          </Box>
        </Box>
      </Box>
      {mine && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.movie(mine.id)} underline="hover">
            {t.entryLink}
          </Link>
          <Box sx={{ flex: 1 }} />
          <Button color="error" size="small" onClick={() => setRemoving(true)} disabled={saving || remove.isPending}>
            {t.remove}
          </Button>
        </Box>
      )}
      <LazyConfirmDialog
        open={removing}
        title={t.removeTitle}
        text={t.removeText(film.title)}
        confirmLabel={t.removeConfirm}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(false)}
      />
    </Paper>
  );
}
