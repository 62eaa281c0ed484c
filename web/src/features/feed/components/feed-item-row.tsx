import type { FeedItem } from '@kinodost/contracts/schemas/feed';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { MoviePoster } from '../../movies/components/movie-poster';
import { formatLastSeen } from '../../presence/last-seen-text';

const t = az.feed;

const VERB: Record<Exclude<FeedItem['type'], 'friends'>, string> = {
  watched: t.watched,
  watchlist: t.watchlist,
  rated: t.rated,
  commented: t.commented,
};

function PersonLink({ person }: { person: FeedItem['actor'] }) {
  return (
    <Link component={RouterLink} to={paths.user(person.id)} underline="hover" sx={{ fontWeight: 600 }}>
      {person.username}
    </Link>
  );
}

/** A 1-10 rating as five stars in halves, read as 'Qiymət: N/10'. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <Box role="img" aria-label={t.rating(rating)} sx={{ display: 'inline-flex' }}>
      <Rating value={rating / 2} precision={0.5} max={5} readOnly size="small" aria-hidden />
    </Box>
  );
}

/**
 * One thing a member did: who, what, the film's poster and title (a link to its page), the rating
 * as stars, the comment's excerpt, and when, in the last-seen wording ('5 dəqiqə əvvəl').
 */
export function FeedItemRow({ item, now }: { item: FeedItem; now: number }) {
  return (
    <Box component="li" data-testid="feed-item" data-type={item.type} sx={{ display: 'flex', gap: 1.5, py: 1.25 }}>
      <Avatar src={item.actor.avatar_url ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {item.actor.username.charAt(0).toLocaleUpperCase('az')}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          <PersonLink person={item.actor} />{' '}
          {item.type === 'friends' && item.other ? (
            <>
              <PersonLink person={item.other} /> {t.becameFriends}
            </>
          ) : (
            VERB[item.type as keyof typeof VERB]
          )}
        </Typography>
        {item.film && (
          <Link
            component={RouterLink}
            to={paths.film(item.film.id)}
            underline="hover"
            sx={{ display: 'block', fontWeight: 600, mt: 0.25 }}
          >
            {item.film.year ? `${item.film.title} (${item.film.year})` : item.film.title}
          </Link>
        )}
        {item.rating !== undefined && <RatingStars rating={item.rating} />}
        {item.text && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', wordBreak: 'break-word' }}>
            “{item.text}”
          </Typography>
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={item.created_at}
          sx={{ display: 'block' }}
        >
          {formatLastSeen(item.created_at, now)}
        </Typography>
      </Box>
      {item.film && (
        <Box sx={{ width: 40, flexShrink: 0 }}>
          <MoviePoster title={item.film.title} posterUrl={item.film.poster_url} width={40} />
        </Box>
      )}
    </Box>
  );
}
