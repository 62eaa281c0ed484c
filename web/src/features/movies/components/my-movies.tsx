import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import type { Movie, MovieStatus } from '@kinodost/contracts/schemas/movies';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import GridViewIcon from '@mui/icons-material/GridView';
import LocalMoviesIcon from '@mui/icons-material/LocalMovies';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { OfflineState } from '../../../components/offline-state';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useListOffline } from '../../../lib/online';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import { useMyMovies } from '../hooks/use-movies';
import { useViewMode } from '../hooks/use-view-mode';
import { MovieCollectionSkeleton, MovieCollectionView } from './movie-collection-view';
import { MovieSearchResults } from './movie-search-results';

const t = az.movies;
/** Typing settles for this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

type Filter = 'all' | MovieStatus;
const FILTERS: Filter[] = ['all', 'watched', 'watchlist'];

/**
 * The dashboard's body: a search over every member's movies and, while no search is typed,
 * the member's own collection with status filters, grid or list view and "load more".
 * `onDelete` asks to delete a movie; its `onDeleted` is to be called once that is done, with the
 * dialog's close: the focus then moves to the next card (useFocusAfterDelete).
 */
export function MyMovies({
  onAdd,
  onEdit,
  onDelete,
}: {
  onAdd: () => void;
  onEdit: (movie: Movie) => void;
  onDelete: (movie: Movie, onDeleted: () => void) => void;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [mode, setMode] = useViewMode();
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query !== '' && search.trim() !== '';
  const movies = useMyMovies(filter === 'all' ? undefined : filter);
  // The page's first commit shows the placeholders even when the movies are already here (they are
  // fetched with the page's code): the heading paints without waiting for the cards, which React
  // then renders in the background in slices, not in one long task. (null, because an undefined
  // initial value means none: React would return the data at once.)
  const data = useDeferredValue(movies.data ?? null, null);
  const list = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const loaded = movies.isSuccess && data !== null;
  const offline = useListOffline(movies, data === null);
  const collectionRef = useRef<HTMLElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // A deleted card's place goes to the card after it, or before it if it was the last, each by its
  // link; to the add button if none is left.
  const focusAfterDelete = useFocusAfterDelete(({ id, index }: { id: string; index: number }) => {
    if (list.some((movie) => movie.id === id)) return null;
    const neighbour = list[Math.min(index, list.length - 1)];
    if (!neighbour) return addRef.current;
    return collectionRef.current?.querySelector<HTMLElement>(`[data-movie-id="${neighbour.id}"] a[href]`);
  });
  // A hit deleted from the search results leaves them once they are fetched again: focus goes
  // back to the search field then.
  const focusSearchAfterDelete = useFocusAfterDelete((id: string) =>
    document.querySelector(`[data-movie-id="${id}"]`) ? null : document.getElementById(searchId),
  );
  const requestDelete = (movie: Movie) => {
    const index = list.findIndex((shown) => shown.id === movie.id);
    onDelete(movie, () => focusAfterDelete({ id: movie.id, index }));
  };

  return (
    <Box>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {az.dashboard.collectionTitle}
        </Typography>
        <Button ref={addRef} variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {az.dashboard.addMovie}
        </Button>
      </Box>

      {/* TextField's parts, not TextField: its select mode would bring MUI's menus and popovers into
          the dashboard's first download (web/vite.config.ts, the overlays chunk). */}
      <FormControl fullWidth sx={{ mb: 2, '& input::-webkit-search-cancel-button': { display: 'none' } }}>
        <InputLabel htmlFor={searchId}>{t.search.label}</InputLabel>
        <OutlinedInput
          id={searchId}
          type="search"
          label={t.search.label}
          placeholder={t.search.placeholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setSearch('')}
          inputProps={{ maxLength: SEARCH_QUERY_MAX }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
          // This clear button replaces the browser's own, which the FormControl's sx hides.
          endAdornment={
            search ? (
              <InputAdornment position="end">
                <IconButton aria-label={t.search.clear} onClick={() => setSearch('')} edge="end" size="small">
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </FormControl>

      {searching ? (
        <MovieSearchResults
          query={query}
          onEdit={onEdit}
          onDelete={(movie) => onDelete(movie, () => focusSearchAfterDelete(movie.id))}
        />
      ) : (
        <Box
          component="section"
          ref={collectionRef}
          aria-label={az.dashboard.collectionTitle}
          aria-busy={movies.isFetching}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              mb: 2,
              flexWrap: 'wrap',
            }}
          >
            <Box role="group" aria-label={t.filters.label} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {FILTERS.map((value) => (
                <Chip
                  key={value}
                  label={t.filters[value]}
                  color={filter === value ? 'primary' : 'default'}
                  variant={filter === value ? 'filled' : 'outlined'}
                  onClick={() => setFilter(value)}
                  aria-pressed={filter === value}
                />
              ))}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              {loaded && (
                <Typography variant="body2" color="text.secondary">
                  {t.total(total)}
                </Typography>
              )}
              <ToggleButtonGroup
                size="small"
                exclusive
                value={mode}
                onChange={(_, next) => next && setMode(next)}
                aria-label={t.view.label}
              >
                <ToggleButton value="grid" aria-label={t.view.grid}>
                  <GridViewIcon fontSize="small" />
                </ToggleButton>
                <ToggleButton value="list" aria-label={t.view.list}>
                  <ViewListIcon fontSize="small" />
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
          </Box>

          {offline && <OfflineState />}
          {!offline && data === null && !movies.isError && <MovieCollectionSkeleton mode={mode} />}
          {!offline && movies.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => movies.refetch()}>
                  {az.common.retry}
                </Button>
              }
            >
              {errorMessage(movies.error) || t.loadError}
            </Alert>
          )}
          {loaded && list.length === 0 && (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderStyle: 'dashed' }}>
              <LocalMoviesIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} aria-hidden />
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
                {filter === 'all' ? az.dashboard.emptyTitle : filter === 'watched' ? t.emptyWatched : t.emptyWatchlist}
              </Typography>
              {filter === 'all' && (
                <>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {az.dashboard.emptyText}
                  </Typography>
                  <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
                    {az.dashboard.addMovie}
                  </Button>
                </>
              )}
            </Paper>
          )}
          {list.length > 0 && (
            <MovieCollectionView movies={list} mode={mode} onEdit={onEdit} onDelete={requestDelete} />
          )}
          {movies.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => movies.fetchNextPage()} disabled={movies.isFetchingNextPage}>
                {t.loadMore}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
