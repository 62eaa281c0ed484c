import type { Movie } from '@kinodost/contracts/schemas/movies';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { MovieRating, MovieStatusChip } from './movie-meta';
import { MoviePoster } from './movie-poster';

export interface MovieActions {
  onEdit?: (movie: Movie) => void;
  onDelete?: (movie: Movie) => void;
}

/** Where an entry leads: its catalogue film's page (docs/catalogue.md), which shows the member's entry within it. */
export const entryPath = (movie: Movie): string => paths.film(movie.film_id);

/** A poster card linking to the film's page; edit and delete buttons sit outside the link. */
export function MovieCard({ movie, onEdit, onDelete }: { movie: Movie } & MovieActions) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={entryPath(movie)} sx={{ flex: 1, alignItems: 'stretch' }}>
        <MoviePoster title={movie.title} posterUrl={movie.poster_url} />
        <Box sx={{ p: 1.5 }}>
          <Typography
            component="h3"
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
          >
            {movie.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[movie.year, movie.genres.slice(0, 2).join(', ')].filter(Boolean).join(' · ') || '\u00a0'}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pb: 1, pt: 0.5, flexWrap: 'wrap' }}>
        <MovieStatusChip status={movie.status} />
        <MovieRating rating={movie.rating} />
        <MovieActionButtons movie={movie} onEdit={onEdit} onDelete={onDelete} />
      </Box>
    </Card>
  );
}

/** An entry's edit and delete buttons, at the end of its row; they wrap together, never one alone on a line. */
export function MovieActionButtons({ movie, onEdit, onDelete }: { movie: Movie } & MovieActions) {
  if (!onEdit && !onDelete) return null;
  return (
    <Box sx={{ display: 'flex', ml: 'auto' }}>
      {onEdit && (
        <IconButton size="small" aria-label={az.movies.edit(movie.title)} onClick={() => onEdit(movie)}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="small" aria-label={az.movies.delete(movie.title)} onClick={() => onDelete(movie)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
