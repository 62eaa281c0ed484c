import type { FilmStats as Stats } from '@kinodost/contracts/schemas/films';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { az } from '../../../i18n/az';

const t = az.films.stats;

/**
 * One decimal with the Azerbaijani decimal comma (8,5). By hand: browsers' own az-AZ number
 * formats differ (Chromium writes 8.5).
 */
export const formatAverage = (value: number) => value.toFixed(1).replace('.', ',');

const gap = { xs: 1, sm: 2 };

/**
 * How members hold the film: the average rating with its count, and how many watched or plan to.
 * The two counts wrap as one, so a narrow column puts both under the rating rather than one.
 */
export function FilmStatsLine({ stats }: { stats: Stats }) {
  return (
    <Box
      component="section"
      aria-label={t.title}
      sx={{ mt: 2, display: 'flex', alignItems: 'center', columnGap: gap, rowGap: 0.5, flexWrap: 'wrap' }}
    >
      {stats.rating_avg !== null && stats.rating_count > 0 ? (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <StarIcon sx={{ color: 'warning.main' }} aria-hidden />
          <Typography sx={{ fontWeight: 700 }}>{t.average(formatAverage(stats.rating_avg))}</Typography>
          <Typography color="text.secondary">({t.ratingCount(stats.rating_count)})</Typography>
        </Box>
      ) : (
        <Typography color="text.secondary">{t.noRatings}</Typography>
      )}
      <Box sx={{ display: 'flex', columnGap: gap, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{t.watched(stats.watched)}</Typography>
        <Typography color="text.secondary">{t.watchlist(stats.watchlist)}</Typography>
      </Box>
    </Box>
  );
}
