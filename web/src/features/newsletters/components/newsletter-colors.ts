import type { Theme } from '@mui/material/styles';

/**
 * The colour that marks an important newsletter: the spec's secondary purple, and on the dark
 * theme a light purple, since #9c27b0 text on the dark paper is below 4.5:1.
 */
export const importantColor = (theme: Theme): string =>
  theme.palette.mode === 'dark' ? '#ce93d8' : theme.palette.secondary.main;

/** The unread dot: primary indigo, lighter on the dark theme where #3f51b5 is below 3:1. */
export const unreadColor = (theme: Theme): string =>
  theme.palette.mode === 'dark' ? '#9fa8da' : theme.palette.primary.main;
