import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current. The shell's layout uses this instead of MUI's
 * useMediaQuery (theme props and SSR options it does not need) to keep the first download small.
 * `query` may start with '@media ' as theme.breakpoints.* produce it.
 */
export function useMediaQuery(query: string): boolean {
  const media = query.replace(/^@media( ?)/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(media).matches,
    () => false,
  );
}
