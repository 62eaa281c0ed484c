import { vi } from 'vitest';

/**
 * Makes `window.matchMedia` answer as a phone `width` px wide would for `max-width` / `min-width`
 * queries (the theme's breakpoints.down / up). Restored by vi.unstubAllGlobals or per test file.
 */
export function stubViewportWidth(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'max' ? width <= Number(px) : width >= Number(px),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
