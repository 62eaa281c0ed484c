import { describe, expect, it } from 'vitest';
import { createAppTheme, focusRing, ratingEmptyColor } from './theme';

describe("theme values: the product's colours", () => {
  it.each(['light', 'dark'] as const)('%s theme carries the product colours and radius 8', (mode) => {
    const theme = createAppTheme(mode);
    expect(theme.palette.primary.main).toBe('#3f51b5');
    expect(theme.palette.secondary.main).toBe('#9c27b0');
    expect(theme.palette.info.main).toBe('#673ab7');
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.palette.background.default).toBe(mode === 'dark' ? '#121212' : '#f5f5f5');
  });
});

/** WCAG relative luminance contrast of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('keyboard focus ring (issue 26)', () => {
  it.each(['light', 'dark'] as const)(
    '%s theme: buttons, icon buttons, chips, cards and links show a 3 px ring at 3:1 or more',
    (mode) => {
      const theme = createAppTheme(mode);
      const ring = focusRing(mode);
      const color = ring.outline.split(' ').pop() as string;
      for (const background of [theme.palette.background.default, theme.palette.background.paper]) {
        expect(contrast(color, background)).toBeGreaterThanOrEqual(3);
      }
      expect(ring.outline).toMatch(/^3px solid /);
      const overrides = theme.components;
      expect(overrides?.MuiButtonBase?.styleOverrides?.root).toEqual({ '&.Mui-focusVisible': ring });
      expect(overrides?.MuiCardActionArea?.styleOverrides?.root).toEqual({
        '&.Mui-focusVisible': { ...ring, outlineOffset: -3 },
      });
      expect(overrides?.MuiLink?.styleOverrides?.root).toMatchObject({ '&:focus-visible': ring });
    },
  );
});

describe('rating inputs', () => {
  it.each(['light', 'dark'] as const)(
    "%s theme: an empty star stands 3:1 or more against the page and a dialog's paper",
    (mode) => {
      const theme = createAppTheme(mode);
      const color = ratingEmptyColor(mode);
      // A dialog's paper in the dark theme is lightened by its elevation (24: 16% white): #424242.
      const dialogPaper = mode === 'dark' ? '#424242' : theme.palette.background.paper;
      for (const background of [theme.palette.background.default, theme.palette.background.paper, dialogPaper]) {
        expect(contrast(color, background)).toBeGreaterThanOrEqual(3);
      }
      expect(theme.components?.MuiRating?.styleOverrides?.iconEmpty).toEqual({ color });
    },
  );
});
