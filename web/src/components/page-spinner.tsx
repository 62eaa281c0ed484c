import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { azShell } from '../i18n/az-shell';

/** The centred spinner shown while a lazy page or the auth state loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        minHeight: fullScreen ? '100vh' : '50vh',
        py: 6,
      }}
    >
      <CircularProgress aria-label={azShell.spinner.label} />
    </Box>
  );
}
