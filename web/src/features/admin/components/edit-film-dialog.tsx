import { GENRES } from '@kinodost/contracts/genres';
import { GENRES_MAX, RUNTIME_MAX, TITLE_MAX, YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import type { AdminUpdateFilmBody, Film } from '@kinodost/contracts/schemas/films';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { useUpdateAdminFilm } from '../hooks/use-film-admin';

const t = az.admin.films;

type Field = 'title' | 'original_title' | 'year' | 'directors' | 'runtime' | 'overview' | 'poster_url';

const emptyFields: Record<Field, string> = {
  title: '',
  original_title: '',
  year: '',
  directors: '',
  runtime: '',
  overview: '',
  poster_url: '',
};

/** The fields in the order the dialog shows them. */
const SHOWN_ORDER = [
  'title',
  'original_title',
  'year',
  'runtime',
  'directors',
  'genres',
  'overview',
  'poster_url',
] as const satisfies ReadonlyArray<Field | 'genres'>;

const fieldsOf = (film: Film): Record<Field, string> => ({
  title: film.title,
  original_title: film.original_title ?? '',
  year: film.year === null ? '' : String(film.year),
  directors: film.directors.join(', '),
  runtime: film.runtime === null ? '' : String(film.runtime),
  overview: film.overview ?? '',
  poster_url: film.poster_url ?? '',
});

const wholeIn = (raw: string, min: number, max: number): boolean =>
  /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max;

/**
 * The changed facts of `film` as PUT /api/admin/films/{id} takes them, or the field errors the
 * values have. Unchanged fields are left out, so an edit never rewrites what it did not touch.
 */
export function filmChanges(
  film: Film,
  values: Record<Field, string>,
  genres: string[],
): { body: AdminUpdateFilmBody; errors: Partial<Record<Field | 'genres', string>> } {
  const errors: Partial<Record<Field | 'genres', string>> = {};
  const body: AdminUpdateFilmBody = {};
  const text = (v: string) => v.trim() || null;

  const title = values.title.trim();
  if (!title) errors.title = t.validation.titleRequired;
  else if (title.length > TITLE_MAX) errors.title = t.validation.titleTooLong;
  else if (title !== film.title) body.title = title;

  const original = text(values.original_title);
  if (original !== film.original_title) body.original_title = original;

  const year = values.year.trim();
  if (year && !wholeIn(year, YEAR_MIN, YEAR_MAX)) errors.year = t.validation.year;
  else if ((year ? Number(year) : null) !== film.year) body.year = year ? Number(year) : null;

  const directors = values.directors
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (directors.join('\n') !== film.directors.join('\n')) body.directors = directors;

  if (genres.length > GENRES_MAX) errors.genres = t.validation.tooManyGenres;
  else if ([...genres].sort().join('\n') !== [...film.genres].sort().join('\n')) body.genres = genres;

  const runtime = values.runtime.trim();
  if (runtime && !wholeIn(runtime, 1, RUNTIME_MAX)) errors.runtime = t.validation.runtime;
  else if ((runtime ? Number(runtime) : null) !== film.runtime) body.runtime = runtime ? Number(runtime) : null;

  const overview = text(values.overview);
  if (overview !== film.overview) body.overview = overview;

  // A poster uploaded to this server stays as long as its address is left as it is.
  const poster = text(values.poster_url);
  if (poster !== film.poster_url) {
    if (poster !== null && !/^https:\/\/[^\s/]+\S*$/.test(poster)) errors.poster_url = t.validation.posterUrl;
    else body.poster_url = poster;
  }

  return { body, errors };
}

/** An admin edits any film's facts; every member's entry of the film shows them at once. */
export function EditFilmDialog({ film, onClose }: { film: Film | null; onClose: () => void }) {
  const { values, setValues, setErrors, bind } = useFormFields<Field>(emptyFields);
  const [genres, setGenres] = useState<string[]>([]);
  const [genreError, setGenreError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateAdminFilm();
  // For the focus to go to the first field the server refused (SHOWN_ORDER).
  const inputs: Record<Field, RefObject<HTMLInputElement | null>> = {
    title: useRef<HTMLInputElement>(null),
    original_title: useRef<HTMLInputElement>(null),
    year: useRef<HTMLInputElement>(null),
    runtime: useRef<HTMLInputElement>(null),
    directors: useRef<HTMLInputElement>(null),
    overview: useRef<HTMLInputElement>(null),
    poster_url: useRef<HTMLInputElement>(null),
  };
  const genresSelect = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!film) return;
    setValues(fieldsOf(film));
    setGenres(film.genres);
    setErrors({});
    setGenreError(undefined);
    setFormError(null);
  }, [film, setValues, setErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!film || mutation.isPending) return;
    const { body, errors: found } = filmChanges(film, values, genres);
    const { genres: genresProblem, ...fieldErrors } = found;
    setErrors(fieldErrors);
    setGenreError(genresProblem);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(
      { id: film.id, body },
      {
        onSuccess: () => {
          toast.success(t.updated);
          onClose();
        },
        onError: (error) => {
          const { genres: genresField, ...fields } = errorFields(error);
          setErrors(fields);
          setGenreError(genresField ? errorMessage(error) : undefined);
          // Said once, where it belongs: under its field, or in the dialog's alert (a toast of the
          // same text beside either made screen readers say it twice).
          const onField = Object.keys(fields).length > 0 || Boolean(genresField);
          setFormError(onField ? null : errorMessage(error));
          // The focus goes with the text to its field, so the field is read with its error;
          // otherwise it stays on "Yadda saxla".
          const refused = SHOWN_ORDER.find((name) => (name === 'genres' ? genresField : fields[name]));
          if (refused === 'genres') genresSelect.current?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
          else if (refused) inputs[refused].current?.focus();
        },
      },
    );
  };

  return (
    <Dialog open={Boolean(film)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-film-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-film-title">{t.editTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField
              label={t.fields.title}
              name="title"
              required
              inputRef={inputs.title}
              {...bind('title')}
              autoFocus
            />
            <TextField
              label={t.fields.originalTitle}
              name="original_title"
              inputRef={inputs.original_title}
              {...bind('original_title')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t.fields.year}
                name="year"
                inputRef={inputs.year}
                {...bind('year')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t.fields.runtime}
                name="runtime"
                inputRef={inputs.runtime}
                {...bind('runtime')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <TextField
              label={t.fields.directors}
              name="directors"
              inputRef={inputs.directors}
              {...bind('directors', t.fields.directorsHelp)}
            />
            <TextField
              select
              ref={genresSelect}
              label={t.fields.genres}
              value={genres}
              error={Boolean(genreError)}
              helperText={genreError ?? t.fields.genresHelp}
              onChange={(event) => {
                const picked = event.target.value as unknown as string[];
                setGenres(GENRES.filter((g) => picked.includes(g)));
                setGenreError(picked.length > GENRES_MAX ? t.validation.tooManyGenres : undefined);
              }}
              slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).join(', ') } }}
            >
              {GENRES.map((genre) => (
                <MenuItem key={genre} value={genre}>
                  <Checkbox checked={genres.includes(genre)} size="small" sx={{ p: 0, mr: 1 }} />
                  <ListItemText primary={genre} />
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t.fields.overview}
              name="overview"
              multiline
              minRows={3}
              inputRef={inputs.overview}
              {...bind('overview')}
            />
            <TextField
              label={t.fields.posterUrl}
              name="poster_url"
              type="url"
              inputRef={inputs.poster_url}
              {...bind('poster_url', t.fields.posterHelp)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{az.common.cancel}</Button>
          <BusyButton type="submit" variant="contained" busy={mutation.isPending}>
            {mutation.isPending ? az.common.saving : az.common.save}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
