import type { Movie } from '@kinodost/contracts/schemas/movies';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { az } from '../../../i18n/az';

const t = az.movies;

/** 'İzlənilib' / 'İzləniləcək' as a small chip. */
export function MovieStatusChip({ status }: { status: Movie['status'] }) {
  return (
    <Chip
      size="small"
      label={t.status[status]}
      color={status === 'watched' ? 'success' : 'info'}
      variant={status === 'watched' ? 'filled' : 'outlined'}
    />
  );
}

/** A star and 'N/10'; read as 'Qiymət: N/10'. */
export function MovieRating({ rating }: { rating: number | null }) {
  if (!rating) return null;
  return (
    <Box
      component="span"
      role="img"
      aria-label={t.rating(rating)}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 700, fontSize: 14 }}
    >
      <StarIcon sx={{ fontSize: 18, color: 'warning.main' }} aria-hidden />
      <span aria-hidden>{rating}/10</span>
    </Box>
  );
}
