import type { Film } from '@kinodost/contracts/schemas/films';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilm } from '../../films/hooks/use-films';
import { useAdminFilmList, useMergeFilms } from '../hooks/use-film-admin';

const t = az.admin.films;

/** "Titanic (1997)", or the title alone. */
export const filmLabel = (film: Pick<Film, 'title' | 'year'>) =>
  film.year === null ? film.title : `${film.title} (${film.year})`;

/**
 * Merges a duplicate into the film that stays: first the kept film is picked (searched as the
 * admin types), then a confirmation says what moves, since the duplicate is deleted.
 */
export function MergeFilmDialog({ film, onClose }: { film: Film | null; onClose: () => void }) {
  const [input, setInput] = useState('');
  const [target, setTarget] = useState<Film | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const q = useDebouncedValue(input.trim(), 300);
  const open = Boolean(film) && !confirming;
  const options = useAdminFilmList({ page: 1, limit: 10, q: q || undefined }, open && q !== '');
  // The duplicate's page answers how many members' entries it has: the confirmation names them.
  const stats = useFilm(confirming && film ? film.id : '', null);
  const mutation = useMergeFilms();

  useEffect(() => {
    if (!film) return;
    setInput('');
    setTarget(null);
    setConfirming(false);
    setProblem(null);
  }, [film]);

  if (!film) return null;
  const counts = stats.data?.stats;
  const entries = counts ? counts.watched + counts.watchlist : null;
  const candidates = (options.data?.data ?? []).filter((f) => f.id !== film.id);

  const merge = () => {
    if (!target) return;
    mutation.mutate(
      { id: film.id, into: target.id },
      {
        onSuccess: (kept) => {
          toast.success(t.merged(filmLabel(film), filmLabel(kept)));
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          setProblem(errorMessage(error));
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t.mergeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.mergeIntro(filmLabel(film))}</DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <Autocomplete
            options={candidates}
            value={target}
            onChange={(_event, picked) => setTarget(picked)}
            inputValue={input}
            onInputChange={(_event, value) => setInput(value)}
            getOptionLabel={filmLabel}
            getOptionKey={(option) => option.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(all) => all}
            loading={options.isFetching}
            loadingText={az.common.loading}
            noOptionsText={q ? t.mergeNoOptions : t.mergeTargetPlaceholder}
            renderOption={(props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  {filmLabel(option)}
                  {option.directors.length > 0 && ` · ${option.directors.join(', ')}`}
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField {...params} label={t.mergeTarget} placeholder={t.mergeTargetPlaceholder} autoFocus />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{az.common.cancel}</Button>
          <Button variant="contained" disabled={!target} onClick={() => setConfirming(true)}>
            {t.mergeContinue}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming && Boolean(target)}
        title={t.confirmTitle}
        text={target ? t.confirmText(filmLabel(film), filmLabel(target), entries) : ''}
        confirmLabel={t.confirm}
        pending={mutation.isPending || (confirming && stats.isPending)}
        onConfirm={merge}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
