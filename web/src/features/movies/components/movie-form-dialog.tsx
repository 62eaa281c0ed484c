import { DIRECTOR_MAX, OVERVIEW_MAX, POSTER_URL_MAX, TITLE_MAX } from '@kinodost/contracts/limits';
import type { Film } from '@kinodost/contracts/schemas/films';
import type { Movie } from '@kinodost/contracts/schemas/movies';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formChanged, useDiscardGuard } from '../../../components/discard-guard';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage, isErrorBody } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { FilmPicker } from '../../films/components/film-picker';
import { filmQuery } from '../../films/hooks/film-query';
import type { CreateFilmEntryBody } from '../api/create-movie';
import { useCreateMovie, useUpdateMovie } from '../hooks/use-movies';
import { EntryFields } from './entry-fields';
import { GenreInput } from './genre-input';
import {
  emptyValues,
  fromDateInput,
  type MovieFormErrors,
  type MovieFormValues,
  toCreateBody,
  toUpdateBody,
  validateMovie,
  valuesOf,
} from './movie-form';
import { MoviePoster } from './movie-poster';

const t = az.movies.form;
const p = az.films.picker;

/**
 * Adding: `search` the catalogue, then the picked `film`'s status and rating; or the full `form`
 * for a film the catalogue lacks. Editing is the full form.
 */
type Step = 'search' | 'film' | 'form';

/** A 409 to an add with `film_id`: the member has that film already. */
const isConflict = (error: unknown) => isErrorBody(error) && error.code === 'CONFLICT';

/** A film as the dialog shows it above the entry's fields: poster, title, year and directors. */
function FilmSummary({
  film,
  caption,
  children,
}: {
  film: Pick<Film, 'title' | 'year' | 'poster_url'> & { directors: string[] };
  caption?: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <MoviePoster title={film.title} posterUrl={film.poster_url} width={72} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {caption && (
          <Typography variant="caption" color="text.secondary" component="p">
            {caption}
          </Typography>
        )}
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{film.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[film.year, film.directors.join(', ')].filter(Boolean).join(' · ')}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** The picked film's entry body: only what was set. */
const toFilmEntryBody = (film: Film, values: MovieFormValues): CreateFilmEntryBody => {
  const body: CreateFilmEntryBody = { film_id: film.id, status: values.status };
  if (values.rating !== null) body.rating = values.rating;
  const watchedAt = values.status === 'watched' ? fromDateInput(values.watched_at) : null;
  if (watchedAt !== null) body.watched_at = watchedAt;
  return body;
};

/**
 * Adds a movie, starting from the film catalogue (docs/catalogue.md), or edits `movie` when given.
 * Checks the server's rules before sending and shows the server's own per-field texts under the
 * inputs when it still refuses.
 */
export function MovieFormDialog({
  open,
  movie,
  initialQuery = '',
  onClose,
}: {
  open: boolean;
  movie?: Movie | null;
  /** The catalogue search's first words (an import's unmatched title). */
  initialQuery?: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateMovie();
  const update = useUpdateMovie();
  const [values, setValues] = useState<MovieFormValues>(emptyValues);
  const [initial, setInitial] = useState<MovieFormValues>(emptyValues);
  const [errors, setErrors] = useState<MovieFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('search');
  const [query, setQuery] = useState('');
  const [film, setFilm] = useState<Film | null>(null);
  // The film the member already has (a 409), to offer its page.
  const [owned, setOwned] = useState<Film | null>(null);
  const editing = Boolean(movie);
  const pending = create.isPending || update.isPending;
  // An entry's film facts are the editor's to change only where the server allows it (a member
  // film's maker, or an admin: the film page's `can_upload_poster`); until that is known, and
  // elsewhere, the dialog offers the entry's own fields only, rather than fields it cannot save.
  const { userId } = useAuth();
  const filmPage = useQuery({ ...filmQuery(movie?.film_id ?? '', userId), enabled: open && Boolean(movie) });
  const factsLocked = editing && filmPage.data?.can_upload_poster !== true;

  // Every opening starts from the movie (edit) or the catalogue search (add).
  useEffect(() => {
    if (!open) return;
    const start = movie ? valuesOf(movie) : emptyValues();
    setValues(start);
    setInitial(start);
    setErrors({});
    setServerError(null);
    setStep(movie ? 'form' : 'search');
    setQuery(movie ? '' : initialQuery);
    setFilm(null);
    setOwned(null);
  }, [open, movie, initialQuery]);

  const goTo = (next: Step) => {
    setStep(next);
    setErrors({});
    setServerError(null);
    setOwned(null);
  };
  const pick = (picked: Film & { in_collection?: boolean }) => {
    setFilm(picked);
    goTo('film');
    // Said at once, as the 409 of adding it would say it.
    if (picked.in_collection) {
      setServerError(p.alreadyInCollection);
      setOwned(picked);
    }
  };
  const fullForm = () => {
    // What was typed into the search is the likely title.
    setValues((current) => ({ ...current, title: current.title || query.trim() }));
    goTo('form');
  };

  const set = <K extends keyof MovieFormValues>(key: K, value: MovieFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  // A refusal is said in the dialog itself (its alert and the fields), where the member is looking:
  // a toast repeating it was the same words twice.
  const onFailure = (error: unknown) => {
    const fields = errorFields(error) as MovieFormErrors;
    setErrors(fields);
    setServerError(errorMessage(error));
  };

  const added = (created: Movie) => {
    toast.success(az.movies.toasts.added(created.title));
    onClose();
  };

  const submitFilm = (picked: Film) => {
    const found = validateMovie({ ...values, title: picked.title });
    setErrors(found);
    setServerError(null);
    setOwned(null);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(toFilmEntryBody(picked, values), {
      onSuccess: added,
      onError: (error) => {
        if (!isConflict(error)) return onFailure(error);
        setServerError(p.alreadyInCollection);
        setOwned(picked);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in the search box picks nothing: the member chooses a result.
    if (step === 'search') return;
    if (step === 'film') {
      if (film) submitFilm(film);
      return;
    }
    const found = validateMovie(values);
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    if (movie) {
      const full = toUpdateBody(values);
      const body = factsLocked ? { rating: full.rating, status: full.status, watched_at: full.watched_at } : full;
      update.mutate(
        { id: movie.id, body },
        {
          onSuccess: () => {
            toast.success(az.movies.toasts.updated);
            onClose();
          },
          onError: onFailure,
        },
      );
    } else {
      create.mutate(toCreateBody(values), { onSuccess: added, onError: onFailure });
    }
  };

  const counter = (length: number, max: number) => t.counter(length, max);
  // A typed search or a picked film counts as input too; a title the app typed in (an import's
  // unmatched title) is not the member's writing until they change it.
  const dirty = formChanged(values, initial) || query.trim() !== initialQuery.trim() || film !== null;
  const { requestClose, discardDialog } = useDiscardGuard(dirty, onClose);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : requestClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="movie-form-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="movie-form-title">{editing ? t.editTitle : t.addTitle}</DialogTitle>
      <DialogContent dividers>
        {step === 'search' && (
          <FilmPicker query={query} onQueryChange={setQuery} onPick={pick} onNotInCatalogue={fullForm} />
        )}
        {step === 'film' && film && (
          <Stack spacing={2.5}>
            {serverError && (
              <Alert
                severity={owned ? 'info' : 'error'}
                action={
                  owned ? (
                    <Button
                      component={RouterLink}
                      to={paths.film(owned.id)}
                      color="inherit"
                      size="small"
                      onClick={onClose}
                    >
                      {p.openFilm}
                    </Button>
                  ) : undefined
                }
              >
                {serverError}
              </Alert>
            )}
            <FilmSummary film={film} caption={p.chosen}>
              <Button size="small" onClick={() => goTo('search')} sx={{ mt: 0.5, ml: -0.5 }}>
                {p.change}
              </Button>
            </FilmSummary>
            <EntryFields values={values} errors={errors} set={set} />
          </Stack>
        )}
        {step === 'form' && movie && factsLocked && (
          <Stack spacing={2.5}>
            {serverError && !Object.values(errors).some(Boolean) && <Alert severity="error">{serverError}</Alert>}
            <FilmSummary
              film={{ ...movie, directors: movie.director ? [movie.director] : [] }}
              caption={t.factsLocked}
            />
            <EntryFields values={values} errors={errors} set={set} />
          </Stack>
        )}
        {step === 'form' && !factsLocked && (
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
              slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
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
                slotProps={{ htmlInput: { maxLength: DIRECTOR_MAX } }}
              />
            </Box>
            <GenreInput value={values.genres} onChange={(genres) => set('genres', genres)} error={errors.genres} />
            <TextField
              label={t.overview}
              value={values.overview}
              onChange={(event) => set('overview', event.target.value)}
              error={Boolean(errors.overview)}
              helperText={errors.overview ?? counter(values.overview.length, OVERVIEW_MAX)}
              multiline
              minRows={3}
              maxRows={8}
              slotProps={{ htmlInput: { maxLength: OVERVIEW_MAX } }}
            />
            <TextField
              label={t.posterUrl}
              value={values.poster_url}
              onChange={(event) => set('poster_url', event.target.value)}
              error={Boolean(errors.poster_url)}
              helperText={errors.poster_url ?? t.posterHelp}
              type="url"
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: POSTER_URL_MAX } }}
            />
            <EntryFields values={values} errors={errors} set={set} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions
        // Each label on one line; on a narrow phone the buttons take a second row instead ("Ləğv / et").
        sx={{ px: { xs: 2, sm: 3 }, py: 2, flexWrap: 'wrap', rowGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        {!editing && step === 'form' && (
          <Button onClick={() => goTo('search')} disabled={pending} sx={{ mr: 'auto' }}>
            {p.searchLabel}
          </Button>
        )}
        <Button onClick={requestClose} disabled={pending}>
          {az.common.cancel}
        </Button>
        {step !== 'search' && (
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t.saving : editing ? t.submitEdit : t.submitAdd}
          </Button>
        )}
      </DialogActions>
      {/* Portalled like any dialog; rendered in here so that the form's layout is untouched. */}
      {discardDialog}
    </Dialog>
  );
}
