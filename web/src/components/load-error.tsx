import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { az } from '../i18n/az';
import { errorMessage, isErrorBody } from '../lib/api-client';

/**
 * A page whose main record failed to load: a friendly not-found for a 404, otherwise the
 * error with a retry; always a way onward. The record's id comes from the address alone, so a
 * 400 (an id that is no id: `/user/abc`) is a page that does not exist too, where a retry
 * could not help.
 */
export function LoadError({
  error,
  notFoundTitle,
  notFoundText,
  onRetry,
  back,
}: {
  error: unknown;
  notFoundTitle: string;
  notFoundText: string;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  const notFound = isErrorBody(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, sm: 8 }, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {notFound ? notFoundTitle : az.routeError.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {notFound ? notFoundText : errorMessage(error)}
      </Typography>
      {!notFound && (
        <Button onClick={onRetry} sx={{ mr: 1 }}>
          {az.common.retry}
        </Button>
      )}
      <Button component={RouterLink} to={back.to} variant="contained">
        {back.label}
      </Button>
    </Container>
  );
}
