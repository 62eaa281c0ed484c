import type { AdminUpdateUserBody, UserListQuery } from '@kinodost/contracts/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { deleteUser } from '../api/delete-user';
import { listUsers } from '../api/list-users';
import { setUserAdmin } from '../api/set-user-admin';
import { updateUser } from '../api/update-user';
import { adminStatsKey } from './use-admin-stats';

const usersKey = ['admin', 'users'] as const;

/** One page of users; the previous page stays on screen while the next loads. */
export const useUserList = (query: UserListQuery) =>
  useQuery({
    queryKey: [...usersKey, query],
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

/** The list, the counts and (if it was the admin themself) the profile may all have changed. */
const useInvalidateUsers = () => {
  const client = useQueryClient();
  return () => {
    refetchAfterChange(client, usersKey);
    refetchAfterChange(client, adminStatsKey);
  };
};

export const useSetUserAdmin = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) => setUserAdmin(id, isAdmin),
    onSettled: invalidate,
  });
};

export const useUpdateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUpdateUserBody }) => updateUser(id, body),
    onSuccess: invalidate,
  });
};

export const useDeleteUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => deleteUser(id), onSuccess: invalidate });
};
