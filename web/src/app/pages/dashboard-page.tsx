import type { Movie } from '@kinodost/contracts/schemas/movies';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { AfterIdle } from '../../components/after-idle';
import { type DashboardTab, DashboardTabs } from '../../features/feed/components/dashboard-tabs';
import { MyMovies } from '../../features/movies/components/my-movies';
import { useAddMovieRequest } from '../../features/movies/hooks/add-movie-trigger';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { useMediaQuery } from '../../lib/use-media-query';
import { PageContainer } from './page-container';

// Closed at first: their code (the form, the confirmation) loads once the page has shown.
const MovieFormDialog = lazyWhenOnline(async () => ({
  default: (await import('../../features/movies/components/movie-form-dialog')).MovieFormDialog,
}));
// The feed comes after the collection: the page's first paint is the collection. The phone's tabs
// are part of that paint: loaded apart, they arrived a round trip after the page's code and pushed
// the collection down when they did (Lighthouse's layout shift).
const FriendsActivity = lazyWhenOnline(async () => ({
  default: (await import('../../features/feed/components/friends-activity')).FriendsActivity,
}));
const DeleteMovieDialog = lazyWhenOnline(async () => ({
  default: (await import('../../features/movies/components/delete-movie-dialog')).DeleteMovieDialog,
}));

const t = az.dashboard;

/**
 * /dashboard: the member's collection, the search over everyone's movies, add/edit/delete, and
 * "Dostların fəaliyyəti" beside the collection: a column on wide screens, a tab on phones.
 */
export function DashboardPage() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [tab, setTab] = useState<DashboardTab>('collection');
  const { username } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the dialog closes, so its title does not flip during the exit transition.
  const [editing, setEditing] = useState<Movie | null>(null);
  // The movie in the delete dialog, and what the collection does once it is deleted (moves the focus).
  const [deleting, setDeleting] = useState<{ movie: Movie; onDeleted: () => void } | null>(null);
  const askDelete = (movie: Movie, onDeleted: () => void) => setDeleting({ movie, onDeleted });
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
      {narrow ? (
        <DashboardTabs value={tab} onChange={setTab}>
          {tab === 'collection' ? (
            <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={askDelete} />
          ) : (
            <Suspense fallback={null}>
              <FriendsActivity showTitle={false} />
            </Suspense>
          )}
        </DashboardTabs>
      ) : (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 3, alignItems: 'start' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={askDelete} />
          </Box>
          <AfterIdle>
            <Suspense fallback={null}>
              <FriendsActivity />
            </Suspense>
          </AfterIdle>
        </Box>
      )}
      <AfterIdle now={formOpen || deleting !== null}>
        <Suspense fallback={null}>
          <MovieFormDialog
            open={formOpen}
            movie={editing}
            initialQuery={initialQuery}
            onClose={() => setFormOpen(false)}
          />
          <DeleteMovieDialog
            movie={deleting?.movie ?? null}
            onClose={() => setDeleting(null)}
            onDeleted={deleting?.onDeleted}
          />
        </Suspense>
      </AfterIdle>
    </PageContainer>
  );
}
