import type { Movie } from '@kinodost/contracts/schemas/movies';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useEffect, useState } from 'react';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateMovie, useUpdateMovie } from '../hooks/use-movies';
import { GenreInput } from './genre-input';
import {
  emptyValues,
  LIMITS,
  type MovieFormErrors,
  type MovieFormValues,
  toCreateBody,
  toUpdateBody,
  validateMovie,
  valuesOf,
} from './movie-form';

const t = az.movies.form;

/**
 * Adds a movie, or edits `movie` when given. Checks the server's rules before sending and shows
 * the server's own per-field texts under the inputs when it still refuses.
 */
export function MovieFormDialog({
  open,
  movie,
  onClose,
}: {
  open: boolean;
  movie?: Movie | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateMovie();
  const update = useUpdateMovie();
  const [values, setValues] = useState<MovieFormValues>(emptyValues);
  const [errors, setErrors] = useState<MovieFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = Boolean(movie);
  const pending = create.isPending || update.isPending;

  // Every opening starts from the movie (edit) or a blank form (add).
  useEffect(() => {
    if (!open) return;
    setValues(movie ? valuesOf(movie) : emptyValues());
    setErrors({});
    setServerError(null);
  }, [open, movie]);

  const set = <K extends keyof MovieFormValues>(key: K, value: MovieFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const onFailure = (error: unknown) => {
    const fields = errorFields(error) as MovieFormErrors;
    setErrors(fields);
    setServerError(errorMessage(error));
    toast.error(errorMessage(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMovie(values);
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    if (movie) {
      update.mutate(
        { id: movie.id, body: toUpdateBody(values) },
        {
          onSuccess: () => {
            toast.success(az.movies.toasts.updated);
            onClose();
          },
          onError: onFailure,
        },
      );
    } else {
      create.mutate(toCreateBody(values), {
        onSuccess: (created) => {
          toast.success(az.movies.toasts.added(created.title));
          onClose();
        },
        onError: onFailure,
      });
    }
  };

  const counter = (length: number, max: number) => t.counter(length, max);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="movie-form-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="movie-form-title">{editing ? t.editTitle : t.addTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {serverError && !Object.values(errors).some(Boolean) && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label={t.title}
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: LIMITS.title } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
            <TextField
              label={t.year}
              value={values.year}
              onChange={(event) => set('year', event.target.value.replace(/\D/g, '').slice(0, 4))}
              error={Boolean(errors.year)}
              helperText={errors.year}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
            <TextField
              label={t.director}
              value={values.director}
              onChange={(event) => set('director', event.target.value)}
              error={Boolean(errors.director)}
              helperText={errors.director}
              slotProps={{ htmlInput: { maxLength: LIMITS.director } }}
            />
          </Box>
          <GenreInput value={values.genres} onChange={(genres) => set('genres', genres)} error={errors.genres} />
          <TextField
            label={t.overview}
            value={values.overview}
            onChange={(event) => set('overview', event.target.value)}
            error={Boolean(errors.overview)}
            helperText={errors.overview ?? counter(values.overview.length, LIMITS.overview)}
            multiline
            minRows={3}
            maxRows={8}
            slotProps={{ htmlInput: { maxLength: LIMITS.overview } }}
          />
          <TextField
            label={t.posterUrl}
            value={values.poster_url}
            onChange={(event) => set('poster_url', event.target.value)}
            error={Boolean(errors.poster_url)}
            helperText={errors.poster_url ?? t.posterHelp}
            type="url"
            slotProps={{ htmlInput: { inputMode: 'url', maxLength: LIMITS.posterUrl } }}
          />
          <FormControl error={Boolean(errors.rating)}>
            <FormLabel id="movie-rating-label">{t.rating}</FormLabel>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Rating
                name="movie-rating"
                max={10}
                value={values.rating}
                onChange={(_, rating) => set('rating', rating)}
                getLabelText={(rating) => `${rating}/10`}
                emptyLabelText={t.ratingValue(null)}
                aria-labelledby="movie-rating-label"
                sx={{ fontSize: { xs: '1.45rem', sm: '1.75rem' } }}
              />
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {t.ratingValue(values.rating)}
              </Typography>
              {values.rating !== null && (
                <Button size="small" onClick={() => set('rating', null)}>
                  {t.clearRating}
                </Button>
              )}
            </Box>
            {errors.rating && <FormHelperText>{errors.rating}</FormHelperText>}
          </FormControl>
          <FormControl error={Boolean(errors.status)}>
            <FormLabel id="movie-status-label">{t.status}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="movie-status-label"
              value={values.status}
              onChange={(event) => set('status', event.target.value as MovieFormValues['status'])}
            >
              <FormControlLabel value="watchlist" control={<Radio />} label={az.movies.status.watchlist} />
              <FormControlLabel value="watched" control={<Radio />} label={az.movies.status.watched} />
            </RadioGroup>
            {errors.status && <FormHelperText>{errors.status}</FormHelperText>}
          </FormControl>
          {values.status === 'watched' && (
            <TextField
              label={t.watchedAt}
              type="date"
              value={values.watched_at}
              onChange={(event) => set('watched_at', event.target.value)}
              error={Boolean(errors.watched_at)}
              helperText={errors.watched_at}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ maxWidth: 240 }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {az.common.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t.saving : editing ? t.submitEdit : t.submitAdd}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
