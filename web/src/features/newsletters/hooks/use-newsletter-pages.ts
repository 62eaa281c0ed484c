import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getNewsletter } from '../api/get-newsletter';
import { listNewsletters } from '../api/list-newsletters';
import { PAGE_SIZE } from '../api/newsletter-types';
import { newsletterKeys } from './newsletter-keys';

/** One page of /newsletters; the previous page stays on screen while the next loads. */
export const useNewsletterList = (page: number) =>
  useQuery({
    queryKey: newsletterKeys.list(page),
    queryFn: ({ signal }) => listNewsletters({ page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** One newsletter for /newsletters/{id}. */
export const useNewsletter = (id: string) =>
  useQuery({ queryKey: newsletterKeys.detail(id), queryFn: ({ signal }) => getNewsletter(id, signal) });
