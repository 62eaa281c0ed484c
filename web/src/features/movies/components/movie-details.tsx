import type { Movie } from '@kinodost/contracts/schemas/movies';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import TheatersIcon from '@mui/icons-material/Theaters';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { MovieRating, MovieStatusChip } from './movie-meta';
import { PosterHeader } from './poster-header';

const t = az.movies.detail;

/** The movie page's top: poster, facts, overview and the owner; edit/delete when allowed. */
export function MovieDetails({
  movie,
  onEdit,
  onDelete,
}: {
  movie: Movie;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <PosterHeader title={movie.title} year={movie.year} posterUrl={movie.poster_url}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}>
        <MovieStatusChip status={movie.status} />
        <MovieRating rating={movie.rating} />
        {movie.status === 'watched' && movie.watched_at && (
          <Typography variant="body2" color="text.secondary">
            {t.watchedOn(formatDate(movie.watched_at))}
          </Typography>
        )}
        <Button
          component={RouterLink}
          to={paths.film(movie.film_id)}
          size="small"
          variant="outlined"
          startIcon={<TheatersIcon />}
        >
          {az.films.filmLink}
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
      >
        {movie.director && (
          <>
            <Typography component="dt" color="text.secondary">
              {t.director}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {movie.director}
            </Typography>
          </>
        )}
        {movie.genres.length > 0 && (
          <>
            <Typography component="dt" color="text.secondary">
              {t.genres}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
              {movie.genres.map((genre) => (
                <Chip key={genre} label={genre} size="small" variant="outlined" />
              ))}
            </Box>
          </>
        )}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 0.5, fontWeight: 700 }}>
        {t.overview}
      </Typography>
      <Typography color={movie.overview ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap' }}>
        {movie.overview ?? t.noOverview}
      </Typography>

      <Paper
        variant="outlined"
        sx={{ mt: 3, p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      >
        <Avatar
          src={movie.owner.avatar_url ?? undefined}
          alt={t.ownerAvatarAlt(movie.owner.username)}
          sx={{ bgcolor: 'primary.main' }}
        >
          {movie.owner.username.charAt(0).toLocaleUpperCase('az')}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t.owner}
          </Typography>
          <Link
            component={RouterLink}
            to={paths.user(movie.owner.id)}
            underline="hover"
            // At least 24 px high (WCAG 2.2 target size): a short name was a small target on a phone.
            sx={{ fontWeight: 700, display: 'inline-block', minHeight: 24, lineHeight: '24px' }}
          >
            {movie.owner.username}
          </Link>
        </Box>
        {(onEdit || onDelete) && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {onEdit && (
              <Button startIcon={<EditIcon />} onClick={onEdit} variant="outlined" size="small">
                {t.edit}
              </Button>
            )}
            {onDelete && (
              <Button startIcon={<DeleteIcon />} onClick={onDelete} color="error" size="small">
                {az.common.delete}
              </Button>
            )}
          </Box>
        )}
      </Paper>
    </PosterHeader>
  );
}
