import { queryOptions } from '@tanstack/react-query';
import { getFilm } from '../api/get-film';

// Kept apart from use-films.ts: the app's shell imports this module to fetch the film a film page
// shows while the page's code is still downloading (app/router.tsx).

/** Every film page's answer; a change to a member's entry makes them stale (stats, `mine`, friends). */
export const filmDetailsKey = ['films', 'one'] as const;

/** The add dialog's catalogue searches; each hit says whether it is in the member's collection. */
export const filmSearchKey = ['films', 'search'] as const;

/** Per reader: a member's answer also holds their own entry and their friends'. */
export const filmKey = (id: string, viewer: string | null) => [...filmDetailsKey, id, viewer ?? 'visitor'] as const;

/** One film of the catalogue with its stats (and, for a member, `mine` and `friends`), as `viewer` reads it. */
export const filmQuery = (id: string, viewer: string | null) =>
  queryOptions({ queryKey: filmKey(id, viewer), queryFn: ({ signal }) => getFilm(id, signal), enabled: id !== '' });
