import { useCallback, useState } from 'react';

export type MovieViewMode = 'grid' | 'list';

/** Where the dashboard remembers grid or list. */
export const VIEW_MODE_KEY = 'kinodost.movieView';

const read = (): MovieViewMode => {
  try {
    return window.localStorage.getItem(VIEW_MODE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
};

/** Grid or list, persisted in localStorage (storage may throw; the choice then lasts the visit). */
export function useViewMode(): [MovieViewMode, (mode: MovieViewMode) => void] {
  const [mode, setMode] = useState<MovieViewMode>(read);
  const update = useCallback((next: MovieViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(VIEW_MODE_KEY, next);
    } catch {
      // The choice simply does not survive a reload.
    }
  }, []);
  return [mode, update];
}
