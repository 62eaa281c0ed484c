import type { MessageFilm } from '@kinodost/contracts/schemas/messages';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage, isErrorBody } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { MoviePoster } from '../../movies/components/movie-poster';
import { useCreateMovie } from '../../movies/hooks/use-movies';

const t = az.messages;

/**
 * A recommended film inside a message: poster (or the initials placeholder every list shows), title,
 * a link to its page and "add to my watchlist", which says "in your collection" once it is: from
 * the start when the thread says the film is there already (`in_collection`).
 */
export function MessageFilmCard({ film }: { film: MessageFilm }) {
  const create = useCreateMovie();
  const [addedHere, setAdded] = useState(false);
  const added = addedHere || film.in_collection === true;
  const add = () =>
    create.mutate(
      { film_id: film.id, status: 'watchlist' },
      {
        onSuccess: () => {
          setAdded(true);
          toast.success(t.addedToWatchlist(film.title));
        },
        onError: (error) => {
          // Already there (added from this card before it was shown again, or elsewhere): the
          // button says so; nothing went wrong.
          if (isErrorBody(error) && error.code === 'CONFLICT') setAdded(true);
          else toast.error(errorMessage(error));
        },
      },
    );
  return (
    <Paper
      variant="outlined"
      data-testid="message-film"
      sx={{
        display: 'grid',
        // The text column may shrink below its content (minmax 0): long titles wrap instead of
        // pushing the card out of its bubble.
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gridTemplateRows: 'auto 1fr',
        alignItems: 'start',
        columnGap: 1.5,
        rowGap: { xs: 1, sm: 0.5 },
        p: 1,
        mt: 0.5,
        maxWidth: 320,
      }}
    >
      <Box sx={{ gridRow: { sm: 'span 2' } }}>
        <MoviePoster title={film.title} posterUrl={film.poster_url} width={56} />
      </Box>
      <Link
        component={RouterLink}
        to={paths.film(film.id)}
        color="inherit"
        underline="hover"
        sx={{ overflowWrap: 'anywhere' }}
      >
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {film.title}
        </Typography>
        {film.year ? <Typography component="span" color="text.secondary">{` (${film.year})`}</Typography> : null}
      </Link>
      {/* On a phone the bubble leaves the text column too narrow for "Kolleksiyanızdadır" (one word,
          it cannot wrap): there the button takes the card's whole width, under the poster. */}
      <Button
        size="small"
        variant="outlined"
        onClick={add}
        disabled={added || create.isPending}
        startIcon={added ? <CheckIcon /> : undefined}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}
      >
        {added ? t.inCollection : t.addToWatchlist}
      </Button>
    </Paper>
  );
}
