import type { FilmPage } from '@kinodost/contracts/schemas/films';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { searchFilms } from '../api/search-films';
import { importTmdbFilm, searchTmdb } from '../api/tmdb';
import { filmKey, filmQuery, filmSearchKey } from './film-query';

/** Hits the add dialog lists from the catalogue. */
export const FILM_PICKER_LIMIT = 8;

/** One film of the catalogue with its stats (and, for a member, `mine` and `friends`). */
export const useFilm = (id: string, viewer: string | null) => useQuery(filmQuery(id, viewer));

/** Writes the caller's entry into the cached film page at once, before the refetch brings the stats. */
export const setMineInFilm = (client: QueryClient, id: string, viewer: string, mine: FilmPage['mine']) =>
  client.setQueryData<FilmPage>(filmKey(id, viewer), (film) => (film ? { ...film, mine } : film));

/** The catalogue's films for `query` (already debounced and trimmed), as the signed-in member has them; idle when empty. */
export const useFilmSearch = (query: string) =>
  useQuery({
    queryKey: [...filmSearchKey, query],
    queryFn: ({ signal }) => searchFilms(query, { page: 1, limit: FILM_PICKER_LIMIT }, signal),
    enabled: query !== '',
    placeholderData: (previous) => previous,
  });

/**
 * TMDB's films for `query`, when the server has TMDB. A 404 means it has not (docs/catalogue.md):
 * the caller stops asking. Not retried: TMDB calls are limited per member.
 */
export const useTmdbSearch = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: ['films', 'tmdb', query],
    queryFn: ({ signal }) => searchTmdb(query, signal),
    enabled: enabled && query !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Brings a TMDB film into the catalogue (or finds it there) and answers the catalogue's film. */
export const useImportTmdbFilm = () => useMutation({ mutationFn: (tmdbId: number) => importTmdbFilm(tmdbId) });
