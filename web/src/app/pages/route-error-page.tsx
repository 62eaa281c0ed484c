import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { azShell } from '../../i18n/az-shell';

/**
 * Shown when a route throws while rendering (see route-error-boundary.tsx); most often a lazy page chunk that no longer exists
 * after a deployment, which a reload fixes.
 */
export function RouteErrorPage() {
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {azShell.routeError.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {azShell.routeError.text}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {azShell.routeError.reload}
        </Button>
      </Box>
    </Box>
  );
}
