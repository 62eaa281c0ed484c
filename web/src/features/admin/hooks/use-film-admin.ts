import type { AdminFilmListQuery, AdminUpdateFilmBody } from '@kinodost/contracts/schemas/films';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { listAdminFilms, mergeFilms, updateAdminFilm } from '../api/admin-films';

const adminFilmsKey = ['admin', 'films'] as const;

/** One page of the catalogue; the previous page stays on screen while the next loads. */
export const useAdminFilmList = (query: AdminFilmListQuery, enabled = true) =>
  useQuery({
    queryKey: [...adminFilmsKey, query],
    queryFn: ({ signal }) => listAdminFilms(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * A film's facts show in the admin list, on film pages and in every entry of it (lists, movie
 * pages): all of those are stale after an edit or a merge.
 */
const useInvalidateFilms = () => {
  const client = useQueryClient();
  return () => {
    refetchAfterChange(client, adminFilmsKey);
    refetchAfterChange(client, ['films']);
    refetchAfterChange(client, ['movies']);
  };
};

export const useUpdateAdminFilm = () => {
  const invalidate = useInvalidateFilms();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUpdateFilmBody }) => updateAdminFilm(id, body),
    onSuccess: invalidate,
  });
};

export const useMergeFilms = () => {
  const invalidate = useInvalidateFilms();
  return useMutation({
    mutationFn: ({ id, into }: { id: string; into: string }) => mergeFilms(id, into),
    onSettled: invalidate,
  });
};
