import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import type { Film } from '@kinodost/contracts/schemas/films';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
          {/* A search field and radios rather than an Autocomplete: its popper would join the chunk every page loads (vite.config.ts). */}
          <TextField
            type="search"
            label={t.mergeTarget}
            placeholder={t.mergeTargetPlaceholder}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setTarget(null);
            }}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX } }}
          />
          <Box sx={{ height: 4, mt: 1 }}>{options.isFetching && <LinearProgress />}</Box>
          {q !== '' && !options.isFetching && candidates.length === 0 && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t.mergeNoOptions}
            </Typography>
          )}
          <RadioGroup
            aria-label={t.mergeTarget}
            value={target?.id ?? ''}
            onChange={(_event, id) => setTarget(candidates.find((f) => f.id === id) ?? null)}
          >
            {candidates.map((option) => (
              <FormControlLabel
                key={option.id}
                value={option.id}
                control={<Radio />}
                label={`${filmLabel(option)}${option.directors.length > 0 ? ` · ${option.directors.join(', ')}` : ''}`}
              />
            ))}
          </RadioGroup>
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
