import type { Movie } from '@kinodost/contracts/schemas/movies';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { entryPath, type MovieActions } from './movie-card';
import { MovieRating, MovieStatusChip } from './movie-meta';
import { MoviePoster } from './movie-poster';

/** A compact row: thumbnail, title, year, director, genres, status, rating and actions. */
export function MovieListRow({ movie, onEdit, onDelete }: { movie: Movie } & MovieActions) {
  const details = [movie.year, movie.director, movie.genres.join(', ')].filter(Boolean).join(' · ');
  return (
    <Paper variant="outlined" sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'center' }}>
      <MoviePoster title={movie.title} posterUrl={movie.poster_url} width={56} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={entryPath(movie)}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 700, wordBreak: 'break-word' }}
        >
          {movie.title}
        </Link>
        {details && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {details}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <MovieStatusChip status={movie.status} />
          <MovieRating rating={movie.rating} />
          {movie.status === 'watched' && movie.watched_at && (
            <Typography variant="caption" color="text.secondary">
              {az.movies.detail.watchedOn(formatDate(movie.watched_at))}
            </Typography>
          )}
        </Box>
      </Box>
      {(onEdit || onDelete) && (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
          {onEdit && (
            <IconButton aria-label={az.movies.edit(movie.title)} onClick={() => onEdit(movie)}>
              <EditIcon />
            </IconButton>
          )}
          {onDelete && (
            <IconButton aria-label={az.movies.delete(movie.title)} onClick={() => onDelete(movie)}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      )}
    </Paper>
  );
}
