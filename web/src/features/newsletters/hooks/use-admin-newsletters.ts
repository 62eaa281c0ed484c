import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { createNewsletter } from '../api/create-newsletter';
import { deleteNewsletter } from '../api/delete-newsletter';
import { listAllNewsletters } from '../api/list-all-newsletters';
import type { CreateNewsletterBody, UpdateNewsletterBody } from '../api/newsletter-types';
import { updateNewsletter } from '../api/update-newsletter';
import { newsletterKeys } from './newsletter-keys';

/** One page of every newsletter (admin). */
export const useAdminNewsletterList = (page: number, limit: number) =>
  useQuery({
    queryKey: newsletterKeys.admin(page, limit),
    queryFn: ({ signal }) => listAllNewsletters({ page, limit }, signal),
    placeholderData: keepPreviousData,
  });

/** A change shows everywhere: the admin list, the public pages, the badge and the dropdown. */
const useInvalidateAll = () => {
  const client = useQueryClient();
  return () => refetchAfterChange(client, newsletterKeys.all);
};

export const useCreateNewsletter = () => {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (body: CreateNewsletterBody) => createNewsletter(body), onSuccess: invalidate });
};

export const useUpdateNewsletter = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateNewsletterBody }) => updateNewsletter(id, body),
    onSuccess: invalidate,
  });
};

export const useDeleteNewsletter = () => {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (id: string) => deleteNewsletter(id), onSuccess: invalidate });
};
