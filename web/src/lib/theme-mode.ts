import type { PaletteMode } from '@mui/material/styles';
import { createContext, useContext } from 'react';

export interface ThemeModeState {
  mode: PaletteMode;
  toggleMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeState | null>(null);

export const useThemeMode = (): ThemeModeState => {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
};
