import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { OfflineState } from '../../../components/offline-state';
import { az } from '../../../i18n/az';
import { useListOffline } from '../../../lib/online';
import { useNow } from '../../presence/hooks/use-now';
import { useFeed } from '../hooks/use-feed';
import { FeedItemRow } from './feed-item-row';

const t = az.feed;

/**
 * "Dostların fəaliyyəti": the member's and their friends' activity, newest first, with "load
 * more"; new items arrive over the socket (`feed:new`, app/realtime) on top.
 */
export function FriendsActivity({ showTitle = true }: { showTitle?: boolean }) {
  const feed = useFeed();
  const { items, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = feed;
  const offline = useListOffline(feed);
  const titleId = useId();
  // Relative times move on by themselves (the tick re-renders; the text reads the clock then).
  useNow();
  const now = Date.now();
  return (
    <Paper
      component="section"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : t.title}
      variant="outlined"
      sx={{ p: 2 }}
      data-testid="friends-activity"
    >
      {showTitle && (
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t.title}
        </Typography>
      )}
      {offline ? (
        <OfflineState />
      ) : isPending ? (
        <Box aria-busy="true" data-testid="feed-skeleton">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} sx={{ my: 1 }} />
          ))}
        </Box>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t.retry}
            </Button>
          }
        >
          {t.loadError}
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t.empty}
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="feed-list">
            {items.map((item, i) => (
              <Fragment key={item.id}>
                {i > 0 && <Divider component="li" aria-hidden />}
                <FeedItemRow item={item} now={now} />
              </Fragment>
            ))}
          </Box>
          {hasNextPage && (
            <Box sx={{ textAlign: 'center', pt: 1 }}>
              <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} size="small">
                {t.loadMore}
              </Button>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
