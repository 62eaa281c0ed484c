import type { MovieSearchHit } from '@kinodost/contracts/schemas/movies';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { OfflineState } from '../../../components/offline-state';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useListOffline } from '../../../lib/online';
import { useMovieSearch } from '../hooks/use-movies';
import { HighlightedText } from './highlighted-text';
import { MovieActionButtons, type MovieActions } from './movie-card';
import { MovieRating, MovieStatusChip } from './movie-meta';
import { MoviePoster } from './movie-poster';

const t = az.movies.search;
/** The server stops counting at 1000 hits. */
const TOTAL_CAP = 1000;

/** A hit; the member's own entries carry their edit and delete buttons, as on the collection's cards. */
function SearchHit({ movie, query, onEdit, onDelete }: { movie: MovieSearchHit; query: string } & MovieActions) {
  return (
    <Paper variant="outlined" sx={{ display: 'flex', gap: 2, p: 1.5 }}>
      <MoviePoster title={movie.title} posterUrl={movie.poster_url} width={64} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={paths.movie(movie.id)}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 700, fontSize: '1.05rem', wordBreak: 'break-word' }}
        >
          <HighlightedText text={movie.title} query={query} />
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {movie.year ?? ''}
          {movie.year && movie.director ? ' · ' : ''}
          {movie.director && <HighlightedText text={movie.director} query={query} />}
        </Typography>
        {movie.genres.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {movie.genres.map((genre) => (
              <Chip
                key={genre}
                size="small"
                variant="outlined"
                label={<HighlightedText text={genre} query={query} />}
              />
            ))}
          </Box>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Link
            component={RouterLink}
            to={paths.user(movie.owner.id)}
            underline="hover"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontSize: 14 }}
            aria-label={az.movies.addedBy(movie.owner.username)}
          >
            <Avatar src={movie.owner.avatar_url ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
              {movie.owner.username.charAt(0).toLocaleUpperCase('az')}
            </Avatar>
            {movie.owner.username}
          </Link>
          <MovieStatusChip status={movie.status} />
          <MovieRating rating={movie.rating} />
          <MovieActionButtons movie={movie} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * Every member's movies matching `query` (debounced by the caller), with the matches marked; the
 * caller's own hits take `onEdit` and `onDelete`.
 */
export function MovieSearchResults({ query, onEdit, onDelete }: { query: string } & MovieActions) {
  const { userId } = useAuth();
  const search = useMovieSearch(query);
  const hits = search.data?.pages.flatMap((page) => page.data) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;
  const offline = useListOffline(search);

  return (
    <Box component="section" aria-labelledby="movie-search-title" aria-busy={search.isFetching}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="movie-search-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t.results(query)}
        </Typography>
        {/* Nothing found is said once, by the empty panel below. */}
        {search.isSuccess && hits.length > 0 && (
          <Typography color="text.secondary" role="status">
            {t.found(total, total >= TOTAL_CAP)}
          </Typography>
        )}
      </Box>
      {offline && <OfflineState />}
      {!offline && search.isPending && (
        <Stack spacing={1.5} data-testid="search-skeleton" aria-hidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={112} />
          ))}
        </Stack>
      )}
      {!offline && search.isError && <Alert severity="error">{errorMessage(search.error) || t.error}</Alert>}
      {search.isSuccess && hits.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
          <SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {t.empty(query)}
          </Typography>
          <Typography color="text.secondary">{t.emptyHint}</Typography>
        </Paper>
      )}
      {hits.length > 0 && (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hits.map((movie) => (
            <li key={movie.id} data-movie-id={movie.id}>
              <SearchHit movie={movie} query={query} {...(movie.owner.id === userId && { onEdit, onDelete })} />
            </li>
          ))}
        </Stack>
      )}
      {search.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => search.fetchNextPage()} disabled={search.isFetchingNextPage}>
            {az.movies.loadMore}
          </Button>
        </Box>
      )}
    </Box>
  );
}
