import LocalMoviesIcon from '@mui/icons-material/LocalMovies';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { OfflineState } from '../../../components/offline-state';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useListOffline } from '../../../lib/online';
import { useUserMovies } from '../hooks/use-movies';
import { MovieCollectionSkeleton, MovieCollectionView } from './movie-collection-view';

const t = az.movies;

/**
 * A member's movies on their public profile: a grid, paged with "load more"; or, when their
 * visibility hides them from the viewer (the profile's `collection_hidden` or the list's
 * `hidden`), a line saying so (docs/social.md "Privacy").
 */
export function UserMovies({
  userId,
  hidden: hiddenByProfile = false,
  hiddenText = az.publicProfile.hiddenCollection,
}: {
  userId: string;
  hidden?: boolean;
  /** Why it is hidden, when the page knows better than "they hid it" (a block). */
  hiddenText?: string;
}) {
  const movies = useUserMovies(userId);
  const list = movies.data?.pages.flatMap((page) => page.data) ?? [];
  const hidden = hiddenByProfile || movies.data?.pages[0]?.hidden === true;
  const offline = useListOffline(movies);
  const total = hidden ? undefined : movies.data?.pages[0]?.total;

  return (
    <Box component="section" aria-labelledby="user-movies-title" aria-busy={movies.isFetching}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 2 }}>
        <Typography id="user-movies-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t.profile.title}
        </Typography>
        {total !== undefined && <Typography color="text.secondary">{t.total(total)}</Typography>}
      </Box>
      {hidden && (
        <Paper
          variant="outlined"
          sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}
          data-testid="collection-hidden"
        >
          <LockIcon sx={{ fontSize: 44, color: 'text.disabled' }} aria-hidden />
          <Typography color="text.secondary">{hiddenText}</Typography>
        </Paper>
      )}
      {offline && <OfflineState />}
      {!offline && !hidden && movies.isPending && <MovieCollectionSkeleton mode="grid" count={4} />}
      {!offline && movies.isError && <Alert severity="error">{errorMessage(movies.error) || t.loadError}</Alert>}
      {!hidden && movies.isSuccess && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
          <LocalMoviesIcon sx={{ fontSize: 44, color: 'text.disabled' }} aria-hidden />
          <Typography color="text.secondary">{t.profile.empty}</Typography>
        </Paper>
      )}
      {list.length > 0 && <MovieCollectionView movies={list} mode="grid" />}
      {movies.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => movies.fetchNextPage()} disabled={movies.isFetchingNextPage}>
            {t.loadMore}
          </Button>
        </Box>
      )}
    </Box>
  );
}
