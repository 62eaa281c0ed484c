import Container from '@mui/material/Container';
import { useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { lazyDialog } from '../../components/lazy-dialog';
import { LoadError } from '../../components/load-error';
import { OfflinePage } from '../../components/offline-state';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../config/paths';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { MovieDetails } from '../../features/movies/components/movie-details';
import { useMovie } from '../../features/movies/hooks/use-movies';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { useListOffline } from '../../lib/online';

const t = az.movies.detail;

// The edit and delete dialogs load when first opened (lazyDialog): most visits open neither.
const MovieFormDialog = lazyDialog(
  () => import('../../features/movies/components/movie-form-dialog').then((module) => module.MovieFormDialog),
  (props) => props.open,
);
const DeleteMovieDialog = lazyDialog(
  () => import('../../features/movies/components/delete-movie-dialog').then((module) => module.DeleteMovieDialog),
  (props) => props.movie !== null,
);

/** /movie/:movieId: public; the owner (or an admin) can also edit and delete here. */
export function MoviePage() {
  const { movieId = '' } = useParams();
  const { userId, isAdmin, isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const query = useMovie(movieId);
  const offline = useListOffline(query);
  // The movie's arrival renders the whole page at once: a query's update is synchronous, one long
  // task on a phone. Its first arrival is deferred instead, so React renders the page in slices of
  // a few milliseconds and answers a tap meanwhile (Lighthouse's Total Blocking Time); later
  // updates (an edit) show at once as before.
  const shown = useDeferredValue(!query.isPending);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (offline) return <OfflinePage />;
  if (query.isPending || !shown) return <PageSpinner />;

  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        notFoundTitle={t.notFoundTitle}
        notFoundText={t.notFoundText}
        onRetry={() => query.refetch()}
        back={
          isLoggedIn ? { to: paths.dashboard, label: t.toDashboard } : { to: paths.home, label: az.common.backHome }
        }
      />
    );
  }

  const movie = query.data;
  const mayChange = isLoggedIn && (movie.owner.id === userId || isAdmin);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <MovieDetails
        movie={movie}
        onEdit={mayChange ? () => setEditing(true) : undefined}
        onDelete={mayChange ? () => setDeleting(true) : undefined}
      />
      <CommentsSection target={{ kind: 'movie', id: movie.id }} />
      {mayChange && (
        <>
          <MovieFormDialog open={editing} movie={movie} onClose={() => setEditing(false)} />
          <DeleteMovieDialog
            movie={deleting ? movie : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate(movie.owner.id === userId ? paths.dashboard : paths.user(movie.owner.id))}
          />
        </>
      )}
    </Container>
  );
}
