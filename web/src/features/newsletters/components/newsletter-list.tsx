import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { OfflineState } from '../../../components/offline-state';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/format-date';
import { useListOffline } from '../../../lib/online';
import { PAGE_SIZE } from '../api/newsletter-types';
import { useNewsletterList } from '../hooks/use-newsletter-pages';
import { ImportantBadge } from './important-badge';
import { importantColor } from './newsletter-colors';
import { UnreadDot } from './unread-dot';

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** /newsletters: every newsletter, newest first, 10 a page (`?page=N`), important ones marked. */
export function NewsletterList() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { isLoggedIn } = useAuth();
  const query = useNewsletterList(page);
  // A social list answers a failure as a body with success false, not an error.
  const offline = useListOffline({ ...query, isError: query.isError || query.data?.success === false });

  if (offline) return <OfflineState />;
  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={az.common.loading}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  }
  const list = query.data;
  if (!list?.success) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {az.common.retry}
          </Button>
        }
      >
        {az.newsletters.loadError}
      </Alert>
    );
  }
  if (list.data.length === 0) return <Alert severity="info">{az.newsletters.empty}</Alert>;

  const pages = Math.max(1, Math.ceil(list.total / (list.limit || PAGE_SIZE)));
  return (
    <>
      <Stack component="ul" aria-label={az.newsletters.listLabel} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.data.map((item) => (
          <li key={item.id}>
            <Card
              variant="outlined"
              sx={item.is_important ? { borderLeft: 4, borderLeftColor: importantColor } : undefined}
            >
              <CardActionArea component={RouterLink} to={paths.newsletter(item.id)} sx={{ p: 2 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Typography
                    component="h2"
                    variant="h6"
                    sx={{
                      flexGrow: 1,
                      fontWeight: item.is_important || (isLoggedIn && !item.is_viewed) ? 700 : 500,
                      minWidth: 0,
                    }}
                  >
                    {item.title}
                  </Typography>
                  {isLoggedIn && !item.is_viewed && <UnreadDot />}
                </Stack>
                <Stack direction="row" spacing={1.5} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="time" dateTime={item.created_at} variant="body2" color="text.secondary">
                    {formatDate(item.created_at)}
                  </Typography>
                  {item.is_important && <ImportantBadge />}
                </Stack>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          page={Math.min(page, pages)}
          count={pages}
          onChange={(_, next) => {
            setParams(next === 1 ? {} : { page: String(next) });
            window.scrollTo?.({ top: 0 });
          }}
          getItemAriaLabel={az.newsletters.pageLabel}
          aria-label={az.newsletters.pagination}
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}
