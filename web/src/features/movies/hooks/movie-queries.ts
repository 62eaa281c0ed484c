import type { MovieList, MovieStatus } from '@kinodost/contracts/schemas/movies';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getMovie } from '../api/get-movie';
import { listMyMovies } from '../api/list-my-movies';

// Kept apart from use-movies.ts (mutations and the rest): the app's shell imports this module to
// fetch a member's first page, or the movie a movie page shows, while the page's code is still
// downloading (app/router.tsx).

/** Page size of every movie list and search. */
export const MOVIES_PAGE_SIZE = 20;

export const moviesKey = ['movies'] as const;

/** The next page number of a paged list, or undefined after the last page. */
export const nextPageOf = (last: MovieList | { page: number; limit: number; total: number }) =>
  last.page * last.limit < last.total ? last.page + 1 : undefined;

/** The caller's own movies, newest first, one page at a time ("load more"). */
export const myMoviesQuery = (status?: MovieStatus) =>
  infiniteQueryOptions({
    queryKey: [...moviesKey, 'mine', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => listMyMovies({ page: pageParam, limit: MOVIES_PAGE_SIZE, status }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** One movie (public). */
export const movieQuery = (id: string) =>
  queryOptions({
    queryKey: [...moviesKey, 'one', id],
    queryFn: ({ signal }) => getMovie(id, signal),
    enabled: id !== '',
  });
