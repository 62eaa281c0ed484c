import MovieFilterIcon from '@mui/icons-material/MovieFilter';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { azShell } from '../../i18n/az-shell';

/** The KinoDost wordmark, linking home. */
export function AppLogo() {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      aria-label={azShell.header.logoLabel}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: 'inherit',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: { xs: '1.15rem', sm: '1.3rem' },
        letterSpacing: '-0.01em',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
      }}
    >
      <MovieFilterIcon aria-hidden />
      <span>{azShell.appName}</span>
    </Box>
  );
}

/** The logo's colour on a paper/background surface: indigo, or plain text where indigo is too dark. */
export const logoColorOnSurface = (theme: Theme): string =>
  theme.palette.mode === 'dark' ? theme.palette.text.primary : theme.palette.primary.main;
