import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
// MUI's own ThemeProvider also bundles the CSS-variables provider (docs/benchmarks.md) that a theme without
// colorSchemes never uses; the system provider keyed by MUI's THEME_ID is exactly what it renders for ours.
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { createAppTheme } from '../../config/theme';
import { getDarkMode, setDarkMode } from '../../lib/storage';
import { ThemeModeContext } from '../../lib/theme-mode';

/** Light or dark (docs/product.md#theme-and-storage), persisted under `darkMode`. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState<boolean>(getDarkMode);

  const toggleMode = useCallback(() => {
    setDark((previous) => {
      setDarkMode(!previous);
      return !previous;
    });
  }, []);

  const theme = useMemo(() => createAppTheme(dark ? 'dark' : 'light'), [dark]);
  const value = useMemo(() => ({ mode: theme.palette.mode, toggleMode }), [theme, toggleMode]);

  // Keep the browser chrome in step with the page (index.html starts with the primary colour).
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#121212' : '#3f51b5');
  }, [dark]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider themeId={THEME_ID} theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
