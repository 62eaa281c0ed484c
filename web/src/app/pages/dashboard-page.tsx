import type { Movie } from '@kinodost/contracts/schemas/movies';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useState } from 'react';
import { FriendsActivity } from '../../features/feed/components/friends-activity';
import { MyMovies } from '../../features/movies/components/my-movies';
import { useAddMovieRequest } from '../../features/movies/hooks/add-movie-trigger';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { useIdleAfter } from '../../lib/use-idle-after';
import { useMediaQuery } from '../../lib/use-media-query';
import { PageContainer } from './page-container';

// Closed at first: their code (the form, the confirmation) loads once the page has shown.
const MovieFormDialog = lazy(async () => ({
  default: (await import('../../features/movies/components/movie-form-dialog')).MovieFormDialog,
}));
const DeleteMovieDialog = lazy(async () => ({
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
  const [tab, setTab] = useState<'collection' | 'feed'>('collection');
  const { username } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the dialog closes, so its title does not flip during the exit transition.
  const [editing, setEditing] = useState<Movie | null>(null);
  const [deleting, setDeleting] = useState<Movie | null>(null);
  const dialogsReady = useIdleAfter(true);
  const openForm = (movie: Movie | null) => {
    setEditing(movie);
    setFormOpen(true);
  };
  const openAdd = () => openForm(null);
  // The bottom bar's plus button lands here and asks for the add-movie action.
  useAddMovieRequest(openAdd);

  return (
    <PageContainer title={username ? t.welcome(username) : t.welcomeAnonymous} intro={t.intro}>
      {narrow ? (
        <>
          <Tabs
            value={tab}
            onChange={(_event, value: 'collection' | 'feed') => setTab(value)}
            aria-label={t.tabsLabel}
            variant="fullWidth"
            sx={{ mb: 2 }}
          >
            <Tab value="collection" label={t.collectionTab} id="dashboard-tab-collection" />
            <Tab value="feed" label={az.feed.title} id="dashboard-tab-feed" />
          </Tabs>
          {tab === 'collection' ? (
            <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={setDeleting} />
          ) : (
            <FriendsActivity showTitle={false} />
          )}
        </>
      ) : (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 3, alignItems: 'start' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <MyMovies onAdd={openAdd} onEdit={openForm} onDelete={setDeleting} />
          </Box>
          {dialogsReady && <FriendsActivity />}
        </Box>
      )}
      {(dialogsReady || formOpen || deleting) && (
        <Suspense fallback={null}>
          <MovieFormDialog open={formOpen} movie={editing} onClose={() => setFormOpen(false)} />
          <DeleteMovieDialog movie={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}
