import Container from '@mui/material/Container';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { OfflinePage } from '../../components/offline-state';
import { PageSpinner } from '../../components/page-spinner';
import { SignInAlert } from '../../components/sign-in-alert';
import { paths } from '../../config/paths';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { FilmFacts } from '../../features/films/components/film-facts';
import { FilmFriends } from '../../features/films/components/film-friends';
import { FilmStatsLine } from '../../features/films/components/film-stats';
import { MyFilmEntry } from '../../features/films/components/my-film-entry';
import { PosterUpload } from '../../features/films/components/poster-upload';
import { useFilm } from '../../features/films/hooks/use-films';
import { RecommendFilmButton } from '../../features/messages/components/recommend-film';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { useListOffline } from '../../lib/online';

const t = az.films.page;

/**
 * /film/:filmId: a film of the shared catalogue (docs/catalogue.md), public. Everyone sees the
 * film, how members rate it and the approved comments; a member also sets their own status and
 * rating here and sees which friends have it.
 */
export function FilmPage() {
  const { filmId = '' } = useParams();
  const { isLoggedIn, userId } = useAuth();
  const query = useFilm(filmId, isLoggedIn ? userId : null);
  const offline = useListOffline(query);
  // The film's first arrival is rendered in slices, as on the movie page (movie-page.tsx).
  const shown = useDeferredValue(!query.isPending);

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

  const film = query.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <FilmFacts
        film={film}
        posterAction={film.can_upload_poster ? <PosterUpload film={film} /> : undefined}
        aside={
          <>
            <FilmStatsLine stats={film.stats} />
            {isLoggedIn ? (
              <>
                <MyFilmEntry film={film} />
                <RecommendFilmButton film={film} />
              </>
            ) : (
              <SignInAlert text={az.films.mine.loginPrompt} sx={{ mt: 2 }} />
            )}
          </>
        }
      />
      {isLoggedIn && <FilmFriends friends={film.friends ?? []} />}
      <CommentsSection target={{ kind: 'film', id: film.id }} />
    </Container>
  );
}
