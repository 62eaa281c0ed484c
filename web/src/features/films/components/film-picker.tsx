import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import type { Film, FilmSearchHit, TmdbCandidate } from '@kinodost/contracts/schemas/films';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { az } from '../../../i18n/az';
import { ApiError, errorMessage, isErrorBody } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSiteSettings } from '../../../lib/use-site-settings';
import { MoviePoster } from '../../movies/components/movie-poster';
import { useFilmSearch, useImportTmdbFilm, useTmdbSearch } from '../hooks/use-films';

const t = az.films.picker;

/** Typing settles for this long before the catalogue is asked. */
export const FILM_SEARCH_DEBOUNCE_MS = 300;

/** A 404 from the TMDB routes: this server has no TMDB key (docs/catalogue.md). */
const isTmdbOff = (error: unknown) =>
  (isErrorBody(error) && error.code === 'NOT_FOUND') || (error instanceof ApiError && error.status === 404);

type Hit = Pick<Film, 'title' | 'year' | 'poster_url'> & { directors?: string[]; in_collection?: boolean };

function HitRow({ hit, onClick, disabled }: { hit: Hit; onClick: () => void; disabled?: boolean }) {
  const details = [hit.year, hit.directors?.join(', ')].filter(Boolean).join(' · ');
  const name = hit.year ? `${hit.title} (${hit.year})` : hit.title;
  return (
    <ListItemButton
      onClick={onClick}
      disabled={disabled}
      aria-label={hit.in_collection ? t.pickOwned(name) : t.pick(name)}
      sx={{ gap: 1.5, borderRadius: 1, alignItems: 'center' }}
    >
      <MoviePoster title={hit.title} posterUrl={hit.poster_url} width={40} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{hit.title}</Typography>
        {details && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {details}
          </Typography>
        )}
        {hit.in_collection && (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <CheckCircleIcon fontSize="inherit" color="success" aria-hidden />
            {t.inCollection}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
}

/**
 * The add dialog's first step: the catalogue searched as the member types (posters and years, and
 * which the member has already),
 * TMDB's results below it when the server has TMDB, and a way on to the full form for a film that
 * is in neither. Picking a TMDB result brings it into the catalogue first.
 */
export function FilmPicker({
  query,
  onQueryChange,
  onPick,
  onNotInCatalogue,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  onPick: (film: Film) => void;
  onNotInCatalogue: () => void;
}) {
  const debounced = useDebouncedValue(query.trim(), FILM_SEARCH_DEBOUNCE_MS);
  const active = debounced !== '' && query.trim() !== '';
  const catalogue = useFilmSearch(debounced);
  // Asked only where the install has TMDB (GET /api/site); if the server says otherwise after all
  // (restarted without it), this dialog stops asking.
  const tmdbHere = useSiteSettings().data?.tmdb === true;
  const [tmdbOff, setTmdbOff] = useState(false);
  const tmdb = useTmdbSearch(debounced, tmdbHere && !tmdbOff);
  useEffect(() => {
    if (tmdb.isError && isTmdbOff(tmdb.error)) setTmdbOff(true);
  }, [tmdb.isError, tmdb.error]);
  const importing = useImportTmdbFilm();
  const hits: FilmSearchHit[] = active ? (catalogue.data?.data ?? []) : [];
  const known = new Set(hits.map((hit) => hit.id));
  // A TMDB film the catalogue already lists above is not offered twice.
  const tmdbHits: TmdbCandidate[] =
    active && tmdb.isSuccess ? tmdb.data.data.filter((c) => !c.film_id || !known.has(c.film_id)) : [];
  const tmdbFailed = active && !tmdbOff && tmdb.isError && !isTmdbOff(tmdb.error);

  const pickTmdb = (candidate: TmdbCandidate) =>
    importing.mutate(candidate.tmdb_id, {
      onSuccess: onPick,
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Box>
      <TextField
        label={t.searchLabel}
        placeholder={t.placeholder}
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        autoFocus
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: { maxLength: SEARCH_QUERY_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ height: 4, mt: 1 }}>
        {active && (catalogue.isFetching || importing.isPending) && (
          <LinearProgress aria-label={importing.isPending ? t.importing : t.searching} />
        )}
      </Box>
      {!active && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.hint}
        </Typography>
      )}
      {active && catalogue.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(catalogue.error) || t.error}
        </Alert>
      )}
      {active && catalogue.isSuccess && hits.length === 0 && tmdbHits.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }} role="status">
          {t.empty(debounced)}
        </Typography>
      )}
      {hits.length > 0 && (
        <List dense aria-label={t.catalogue} subheader={<ListSubheader disableSticky>{t.catalogue}</ListSubheader>}>
          {hits.map((hit) => (
            <li key={hit.id}>
              <HitRow hit={hit} onClick={() => onPick(hit)} disabled={importing.isPending} />
            </li>
          ))}
        </List>
      )}
      {tmdbHits.length > 0 && (
        <List dense aria-label={t.tmdb} subheader={<ListSubheader disableSticky>{t.tmdb}</ListSubheader>}>
          {tmdbHits.map((candidate) => (
            <li key={candidate.tmdb_id}>
              <HitRow hit={candidate} onClick={() => pickTmdb(candidate)} disabled={importing.isPending} />
            </li>
          ))}
        </List>
      )}
      {tmdbFailed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {errorMessage(tmdb.error)}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={onNotInCatalogue} fullWidth>
          {t.notInCatalogue}
        </Button>
      </Box>
    </Box>
  );
}
