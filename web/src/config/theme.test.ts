import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('theme values (SPEC.md section 9)', () => {
  it.each(['light', 'dark'] as const)('%s theme carries the product colours and radius 8', (mode) => {
    const theme = createAppTheme(mode);
    expect(theme.palette.primary.main).toBe('#3f51b5');
    expect(theme.palette.secondary.main).toBe('#9c27b0');
    expect(theme.palette.info.main).toBe('#673ab7');
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.palette.background.default).toBe(mode === 'dark' ? '#121212' : '#f5f5f5');
  });
});
