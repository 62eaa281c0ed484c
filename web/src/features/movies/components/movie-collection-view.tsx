import type { Movie } from '@kinodost/contracts/schemas/movies';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { MovieViewMode } from '../hooks/use-view-mode';
import { type MovieActions, MovieCard } from './movie-card';
import { MovieListRow } from './movie-list-row';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
} as const;

/** Movies as poster cards or as rows; each item is marked by its movie's id (`data-movie-id`). */
export function MovieCollectionView({
  movies,
  mode,
  onEdit,
  onDelete,
}: { movies: Movie[]; mode: MovieViewMode } & MovieActions) {
  if (mode === 'list') {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {movies.map((movie) => (
          <li key={movie.id} data-movie-id={movie.id}>
            <MovieListRow movie={movie} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Box component="ul" sx={{ ...gridSx, listStyle: 'none', p: 0, m: 0 }}>
      {movies.map((movie) => (
        <li key={movie.id} data-movie-id={movie.id}>
          <MovieCard movie={movie} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </Box>
  );
}

/** Loading placeholders in the shape of the chosen view. */
export function MovieCollectionSkeleton({ mode, count = 8 }: { mode: MovieViewMode; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  if (mode === 'list') {
    return (
      <Stack spacing={1.5} data-testid="movies-skeleton" aria-hidden>
        {items.map((index) => (
          <Skeleton key={index} variant="rounded" height={108} />
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={gridSx} data-testid="movies-skeleton" aria-hidden>
      {items.map((index) => (
        <Box key={index}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 3' }} />
          <Skeleton width="80%" sx={{ mt: 1 }} />
          <Skeleton width="50%" />
        </Box>
      ))}
    </Box>
  );
}
