import type { CreateMovieBody, MovieStatus, UpdateMovieBody } from '@kinodost/contracts/schemas/movies';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { feedKeys } from '../../feed/hooks/feed-keys';
import { filmDetailsKey, filmSearchKey } from '../../films/hooks/film-query';
import { type CreateFilmEntryBody, createMovie } from '../api/create-movie';
import { deleteMovie } from '../api/delete-movie';
import { listUserMovies } from '../api/list-user-movies';
import { searchMovies } from '../api/search-movies';
import { updateMovie } from '../api/update-movie';
import { MOVIES_PAGE_SIZE, movieQuery, moviesKey, myMoviesQuery, nextPageOf } from './movie-queries';

/** The caller's own movies, newest first, one page at a time ("load more"). */
export const useMyMovies = (status?: MovieStatus) => useInfiniteQuery(myMoviesQuery(status));

/** A member's movies on their public profile. */
export const useUserMovies = (userId: string | undefined) =>
  useInfiniteQuery({
    queryKey: [...moviesKey, 'user', userId],
    queryFn: ({ pageParam, signal }) =>
      listUserMovies(userId ?? '', { page: pageParam, limit: MOVIES_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: Boolean(userId),
  });

/** Every member's movies matching `query` (already debounced and trimmed); idle when empty. */
export const useMovieSearch = (query: string) =>
  useInfiniteQuery({
    queryKey: [...moviesKey, 'search', query],
    queryFn: ({ pageParam, signal }) => searchMovies(query, { page: pageParam, limit: MOVIES_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: query !== '',
  });

/** One movie (public). */
export const useMovie = (id: string | undefined) => useQuery(movieQuery(id ?? ''));

/**
 * After any change every movie list may be stale (own, public, search and the page itself), and
 * so are the film pages (their stats and the caller's entry) and the add dialog's film searches
 * (whether each hit is in the collection).
 */
const useInvalidateMovies = () => {
  const client = useQueryClient();
  return (deleted?: string) =>
    Promise.all([
      refetchAfterChange(client, moviesKey, false, deleted ? movieQuery(deleted).queryKey : undefined),
      refetchAfterChange(client, filmDetailsKey),
      refetchAfterChange(client, filmSearchKey),
    ]);
};

export const useCreateMovie = () => {
  const invalidate = useInvalidateMovies();
  return useMutation({
    mutationFn: (body: CreateMovieBody | CreateFilmEntryBody) => createMovie(body),
    onSuccess: () => invalidate(),
  });
};

export const useUpdateMovie = () => {
  const invalidate = useInvalidateMovies();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMovieBody }) => updateMovie(id, body),
    onSuccess: () => invalidate(),
  });
};

export const useDeleteMovie = () => {
  const client = useQueryClient();
  const invalidate = useInvalidateMovies();
  return useMutation({
    mutationFn: (id: string) => deleteMovie(id),
    // The entry's own page is only marked stale (refetchAfterChange's `except`). Its feed items
    // went with it and no live event says so: the feed is fetched again (an add or a change
    // arrives live as feed:new).
    onSuccess: (_reply, id) => Promise.all([invalidate(id), refetchAfterChange(client, feedKeys.all)]),
  });
};
