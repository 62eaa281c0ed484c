import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

/** The product's colours and corner radius (docs/product.md#theme-and-storage). */
export const themeColors = {
  primary: '#3f51b5',
  secondary: '#9c27b0',
  info: '#673ab7',
  darkBackground: '#121212',
  lightBackground: '#f5f5f5',
} as const;

/**
 * On the dark background the primary indigo is too dark for text (about 2.5:1), so primary-coloured
 * text (links, text and outlined buttons) uses a lighter indigo there; filled surfaces keep #3f51b5.
 */
const darkPrimaryText = '#9fa8da';

/**
 * The keyboard focus ring (WCAG 2.2 focus-visible and focus-appearance): a 3 px outline at least
 * 3:1 against both backgrounds, on everything built on ButtonBase (buttons, icon buttons, chips,
 * tabs, switches, film cards) and on links. Shown for keyboard focus only (`Mui-focusVisible`,
 * `:focus-visible`), never for a click.
 */
export const focusRing = (mode: PaletteMode) => ({
  outline: `3px solid ${mode === 'dark' ? darkPrimaryText : themeColors.primary}`,
  outlineOffset: 2,
});

/**
 * The empty stars of a rating input are part of the control, so they need 3:1 against the paper
 * (WCAG 1.4.11); MUI's own grey (action.disabled) gave about 1.9:1 in light and 2:1 in dark.
 */
export const ratingEmptyColor = (mode: PaletteMode) => (mode === 'dark' ? '#9e9e9e' : '#757575');

/** The selected tab's text and underline (components/tab-bar.tsx). */
export const selectedTabColor = (theme: Theme) =>
  theme.palette.mode === 'dark' ? darkPrimaryText : theme.palette.primary.main;

export const createAppTheme = (mode: PaletteMode): Theme =>
  createTheme({
    palette: {
      mode,
      primary: { main: themeColors.primary },
      secondary: { main: themeColors.secondary },
      info: { main: themeColors.info },
      background:
        mode === 'dark'
          ? { default: themeColors.darkBackground, paper: '#1e1e1e' }
          : { default: themeColors.lightBackground, paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      // Primary-coloured text on the dark background: the focused field's label,
      // outlined primary chips and primary icon buttons read the lighter indigo (axe: 2.4:1 before).
      ...(mode === 'dark'
        ? {
            MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused': { color: darkPrimaryText } } } },
            MuiBottomNavigationAction: {
              styleOverrides: { root: { '&.Mui-selected': { color: darkPrimaryText } } },
            },
            MuiTypography: {
              styleOverrides: {
                root: { variants: [{ props: { color: 'primary' }, style: { color: darkPrimaryText } }] },
              },
            },
            MuiChip: {
              styleOverrides: {
                root: {
                  variants: [
                    {
                      props: { variant: 'outlined', color: 'primary' },
                      style: { color: darkPrimaryText, borderColor: 'rgba(159, 168, 218, 0.7)' },
                    },
                    // The watchlist chip (info #673ab7 text was 2.3:1 on the dark paper).
                    {
                      props: { variant: 'outlined', color: 'info' },
                      style: { color: '#b39ddb', borderColor: '#b39ddb' },
                    },
                    {
                      props: { variant: 'outlined', color: 'secondary' },
                      style: { color: '#ce93d8', borderColor: '#ce93d8' },
                    },
                  ],
                },
              },
            },
            MuiIconButton: {
              styleOverrides: {
                root: { variants: [{ props: { color: 'primary' }, style: { color: darkPrimaryText } }] },
              },
            },
          }
        : {}),
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing(mode) } },
      },
      MuiRating: { styleOverrides: { iconEmpty: { color: ratingEmptyColor(mode) } } },
      // A card clips what lies outside it: its ring is drawn inside its edge.
      MuiCardActionArea: {
        styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing(mode), outlineOffset: -3 } } },
      },
      MuiButton: {
        styleOverrides: {
          root: {
            textTransform: 'none',
            fontWeight: 600,
            variants:
              mode === 'dark'
                ? [
                    { props: { variant: 'text', color: 'primary' }, style: { color: darkPrimaryText } },
                    {
                      props: { variant: 'outlined', color: 'primary' },
                      style: { color: darkPrimaryText, borderColor: 'rgba(159, 168, 218, 0.5)' },
                    },
                  ]
                : [],
          },
        },
      },
      MuiLink: {
        styleOverrides: {
          root: {
            '&:focus-visible': focusRing(mode),
            variants: mode === 'dark' ? [{ props: { color: 'primary' }, style: { color: darkPrimaryText } }] : [],
          },
        },
      },
    },
  });
