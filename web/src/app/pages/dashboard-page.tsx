import type { Movie } from '@kinodost/contracts/schemas/movies';
import { useState } from 'react';
import { DeleteMovieDialog } from '../../features/movies/components/delete-movie-dialog';
import { MovieFormDialog } from '../../features/movies/components/movie-form-dialog';
import { MyMovies } from '../../features/movies/components/my-movies';
import { useAddMovieRequest } from '../../features/movies/hooks/add-movie-trigger';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { PageContainer } from './page-container';

const t = az.dashboard;

/** /dashboard: the member's collection, the search over everyone's movies, add/edit/delete. */
export function DashboardPage() {
  const { username } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the dialog closes, so its title does not flip during the exit transition.
  const [editing, setEditing] = useState<Movie | null>(null);
  const [deleting, setDeleting] = useState<Movie | null>(null);
  const openForm = (movie: Movie | null) => {
    setEditing(movie);
    setFormOpen(true);
  };
  const openAdd = () => openForm(null);
  // The bottom bar's plus button lands here and asks for the add-movie action.
  useAddMovieRequest(openAdd);

  return (
    <PageContainer title={username ? t.welcome(username) : t.welcomeAnonymous} intro={t.intro}>
      <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={setDeleting} />
      <MovieFormDialog open={formOpen} movie={editing} onClose={() => setFormOpen(false)} />
      <DeleteMovieDialog movie={deleting} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
