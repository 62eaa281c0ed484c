import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { az } from '../../i18n/az';

/**
 * Shown when a route throws while rendering; most often a lazy page chunk that no longer exists
 * after a deployment, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error('[router]', error), [error]);
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {az.routeError.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {az.routeError.text}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {az.routeError.reload}
        </Button>
      </Box>
    </Box>
  );
}
