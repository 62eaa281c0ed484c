import type { Movie } from '@kinodost/contracts/schemas/movies';
import { lazy, Suspense, useState } from 'react';
import { MyMovies } from '../../features/movies/components/my-movies';
import { useAddMovieRequest } from '../../features/movies/hooks/add-movie-trigger';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { useIdleAfter } from '../../lib/use-idle-after';
import { PageContainer } from './page-container';

// Closed at first: their code (the form, the confirmation) loads once the page has shown.
const MovieFormDialog = lazy(async () => ({
  default: (await import('../../features/movies/components/movie-form-dialog')).MovieFormDialog,
}));
const DeleteMovieDialog = lazy(async () => ({
  default: (await import('../../features/movies/components/delete-movie-dialog')).DeleteMovieDialog,
}));

const t = az.dashboard;

/** /dashboard: the member's collection, the search over everyone's movies, add/edit/delete. */
export function DashboardPage() {
  const { username } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the dialog closes, so its title does not flip during the exit transition.
  const [editing, setEditing] = useState<Movie | null>(null);
  const [deleting, setDeleting] = useState<Movie | null>(null);
  const dialogsReady = useIdleAfter(true);
  // The catalogue search's first words when asked with some (an import's unmatched title).
  const [initialQuery, setInitialQuery] = useState('');
  const openForm = (movie: Movie | null, query = '') => {
    setEditing(movie);
    setInitialQuery(query);
    setFormOpen(true);
  };
  const openAdd = () => openForm(null);
  // The bottom bar's plus button lands here and asks for the add-movie action.
  useAddMovieRequest((query) => openForm(null, query));

  return (
    <PageContainer title={username ? t.welcome(username) : t.welcomeAnonymous} intro={t.intro}>
      <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={setDeleting} />
      {(dialogsReady || formOpen || deleting) && (
        <Suspense fallback={null}>
          <MovieFormDialog
            open={formOpen}
            movie={editing}
            initialQuery={initialQuery}
            onClose={() => setFormOpen(false)}
          />
          <DeleteMovieDialog movie={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}
