import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** docs/product.md#mobile-bottom-bar: the add-movie action starts 300 ms after reaching the dashboard. */
export const ADD_MOVIE_DELAY_MS = 300;

interface AddMovieState {
  addMovie?: number;
  /** Words the catalogue search starts with (an import's unmatched title). */
  query?: string;
}

/**
 * Go to the dashboard asking it to open the add-movie action. The request travels in the
 * history entry's state (a timestamp, so pressing twice asks twice) rather than a global
 * flag, so it survives the lazy dashboard chunk loading.
 */
export function useRequestAddMovie(): (query?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (query?: string) => {
      const state: AddMovieState = { addMovie: Date.now(), ...(query ? { query } : {}) };
      navigate(paths.dashboard, { state });
    },
    [navigate],
  );
}

/**
 * On the dashboard: call `onRequest` 300 ms after a request arrived, then drop the request from
 * the history entry so a reload or a Back does not open it again.
 */
export function useAddMovieRequest(onRequest: (query?: string) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const requestedAt = (location.state as AddMovieState | null)?.addMovie;
  const query = (location.state as AddMovieState | null)?.query;
  const callback = useRef(onRequest);
  callback.current = onRequest;

  useEffect(() => {
    if (!requestedAt) return;
    const timer = setTimeout(() => {
      callback.current(query);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }, ADD_MOVIE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requestedAt, query, navigate, location.pathname, location.search]);
}
