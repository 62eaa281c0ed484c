import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { azShell } from '../i18n/az-shell';
import { useThemeMode } from '../lib/theme-mode';

/** Switches light/dark; the provider persists the choice under `darkMode`. */
export function ThemeToggleButton() {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? azShell.theme.toLight : azShell.theme.toDark;
  return (
    // No MUI Tooltip here: it would pull Popper into the landing page's first download.
    <IconButton color="inherit" onClick={toggleMode} aria-label={label} title={label}>
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
