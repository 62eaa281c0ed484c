import type { AdminCommentQuery, ModerationAction } from '@kinodost/contracts/schemas/comments';
import type { CountReply } from '@kinodost/contracts/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { approveComment } from '../api/approve-comment';
import { bulkModerateComments } from '../api/bulk-moderate-comments';
import { deleteAdminComment } from '../api/delete-admin-comment';
import { listAdminComments } from '../api/list-admin-comments';
import { rejectComment } from '../api/reject-comment';
import { adminStatsKey } from './use-admin-stats';

const queueKey = ['admin', 'comments'] as const;

/** One page of the moderation queue; the previous page stays on screen while the next loads. */
export const useAdminComments = (query: AdminCommentQuery) =>
  useQuery({
    queryKey: [...queueKey, query],
    queryFn: ({ signal }) => listAdminComments(query, signal),
    placeholderData: keepPreviousData,
  });

const single: Record<ModerationAction, (id: string) => Promise<CountReply>> = {
  approve: approveComment,
  reject: rejectComment,
  delete: deleteAdminComment,
};

/** One comment goes to its own endpoint, several to the bulk one (at most 100, one page). */
export const moderate = (ids: string[], action: ModerationAction): Promise<CountReply> => {
  const [only] = ids;
  return ids.length === 1 && only ? single[action](only) : bulkModerateComments({ ids, action });
};

/** Approve, reject or delete; the queue, the pending count and the movie pages refresh after. */
export const useModerateComments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: ModerationAction }) => moderate(ids, action),
    onSettled: () => {
      refetchAfterChange(client, queueKey);
      refetchAfterChange(client, adminStatsKey);
      refetchAfterChange(client, ['comments']);
    },
  });
};
