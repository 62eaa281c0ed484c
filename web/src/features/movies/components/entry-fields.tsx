import { YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { az } from '../../../i18n/az';
import type { MovieFormErrors, MovieFormValues } from './movie-form';

const t = az.movies.form;

type EntryKey = 'rating' | 'status' | 'watched_at';

/**
 * The member's own part of an entry: rating, status and, once watched, the day. Shared by the
 * full form and the add dialog's step after a catalogue film was picked.
 */
export function EntryFields({
  values,
  errors,
  set,
}: {
  values: Pick<MovieFormValues, EntryKey>;
  errors: MovieFormErrors;
  set: <K extends EntryKey>(key: K, value: MovieFormValues[K]) => void;
}) {
  return (
    <>
      <FormControl error={Boolean(errors.rating)}>
        <FormLabel id="movie-rating-label">{t.rating}</FormLabel>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Rating
            name="movie-rating"
            max={10}
            value={values.rating}
            onChange={(_, rating) => set('rating', rating)}
            getLabelText={(rating) => `${rating}/10`}
            emptyLabelText={t.ratingValue(null)}
            aria-labelledby="movie-rating-label"
            sx={{ fontSize: { xs: '1.45rem', sm: '1.75rem' } }}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t.ratingValue(values.rating)}
          </Typography>
          {values.rating !== null && (
            <Button size="small" onClick={() => set('rating', null)}>
              {t.clearRating}
            </Button>
          )}
        </Box>
        {errors.rating && <FormHelperText>{errors.rating}</FormHelperText>}
      </FormControl>
      <FormControl error={Boolean(errors.status)}>
        <FormLabel id="movie-status-label">{t.status}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="movie-status-label"
          value={values.status}
          onChange={(event) => set('status', event.target.value as MovieFormValues['status'])}
        >
          <FormControlLabel value="watchlist" control={<Radio />} label={az.movies.status.watchlist} />
          <FormControlLabel value="watched" control={<Radio />} label={az.movies.status.watched} />
        </RadioGroup>
        {errors.status && <FormHelperText>{errors.status}</FormHelperText>}
      </FormControl>
      {values.status === 'watched' && (
        <TextField
          label={t.watchedAt}
          type="date"
          value={values.watched_at}
          onChange={(event) => set('watched_at', event.target.value)}
          error={Boolean(errors.watched_at)}
          helperText={errors.watched_at}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: `${YEAR_MIN}-01-01`, max: `${YEAR_MAX}-12-31` },
          }}
          sx={{ maxWidth: 240 }}
        />
      )}
    </>
  );
}
