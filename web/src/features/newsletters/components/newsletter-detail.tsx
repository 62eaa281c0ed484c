import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/format-date';
import { useMarkViewedMutation } from '../hooks/use-mark-viewed';
import { useNewsletter } from '../hooks/use-newsletter-pages';
import { ImportantBadge } from './important-badge';
import { NewsletterMarkdown } from './newsletter-markdown';

const titleSx = { fontWeight: 700, mb: 1, fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' };

function BackLink() {
  return (
    <Button component={RouterLink} to={paths.newsletters} startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
      {az.newsletters.backToList}
    </Button>
  );
}

/**
 * /newsletters/{id}: the newsletter with its Markdown rendered safely. A member who opens one
 * that is unread marks it viewed, so the badge and the dropdown drop it too.
 */
export function NewsletterDetail({ id }: { id: string }) {
  const { isLoggedIn, isLoadingAuth } = useAuth();
  const query = useNewsletter(id);
  const { mutate } = useMarkViewedMutation();
  const marked = useRef<string | null>(null);
  const item = query.data;

  useEffect(() => {
    if (!item || item.is_viewed || !isLoggedIn || isLoadingAuth || marked.current === item.id) return;
    marked.current = item.id;
    mutate(item.id);
  }, [item, isLoggedIn, isLoadingAuth, mutate]);

  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Typography variant="h4" component="h1" sx={titleSx}>
          {az.newsletters.detailTitle}
        </Typography>
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={160} sx={{ mt: 3 }} />
      </Box>
    );
  }
  if (!item) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <Typography variant="h4" component="h1" sx={titleSx}>
          {missing ? az.newsletters.notFoundTitle : az.newsletters.detailTitle}
        </Typography>
        <Alert
          severity={missing ? 'info' : 'error'}
          sx={{ mt: 2 }}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => query.refetch()}>
                {az.common.retry}
              </Button>
            )
          }
        >
          {missing ? az.newsletters.notFoundText : az.newsletters.detailError}
        </Alert>
        <BackLink />
      </>
    );
  }

  const edited = item.updated_at.slice(0, 10) !== item.created_at.slice(0, 10);
  return (
    <article>
      <Typography variant="h4" component="h1" sx={titleSx}>
        {item.title}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={item.created_at}>{az.newsletters.publishedOn(formatDate(item.created_at))}</time>
        </Typography>
        {edited && (
          <Typography variant="body2" color="text.secondary">
            <time dateTime={item.updated_at}>{az.newsletters.updatedOn(formatDate(item.updated_at))}</time>
          </Typography>
        )}
        {item.is_important && <ImportantBadge />}
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <NewsletterMarkdown content={item.content} />
      </Paper>
      <BackLink />
    </article>
  );
}
