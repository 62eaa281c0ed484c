import type { FilmFriendEntry } from '@kinodost/contracts/schemas/films';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { MovieRating, MovieStatusChip } from '../../movies/components/movie-meta';

const t = az.films.friends;

/** The caller's friends who have the film: avatar and name (to their profile), status and rating. */
export function FilmFriends({ friends }: { friends: FilmFriendEntry[] }) {
  return (
    <Box component="section" aria-labelledby="film-friends-title" sx={{ mt: 5 }}>
      <Typography id="film-friends-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t.title}
      </Typography>
      {friends.length === 0 ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {friends.map((entry) => (
            <li key={entry.user.id}>
              <Paper
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, height: '100%' }}
              >
                <Avatar
                  src={entry.user.avatar_url ?? undefined}
                  alt={t.avatarAlt(entry.user.username)}
                  sx={{ bgcolor: 'primary.main' }}
                >
                  {entry.user.username.charAt(0).toLocaleUpperCase('az')}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={paths.user(entry.user.id)}
                    underline="hover"
                    sx={{ fontWeight: 700, wordBreak: 'break-word' }}
                  >
                    {entry.user.username}
                  </Link>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                    <MovieStatusChip status={entry.status} />
                    {entry.rating ? (
                      <MovieRating rating={entry.rating} />
                    ) : (
                      <Typography variant="caption" color="text.secondary">
                        {t.noRating}
                      </Typography>
                    )}
                    {entry.status === 'watched' && entry.watched_at && (
                      <Typography variant="caption" color="text.secondary">
                        {az.movies.detail.watchedOn(formatDate(entry.watched_at))}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </Paper>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
