import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { createComment } from '../api/create-comment';
import { deleteComment } from '../api/delete-comment';
import { listComments } from '../api/list-comments';

export const COMMENTS_PAGE_SIZE = 20;

/** Per movie and per reader: a member's list also holds their own pending comments. */
const commentsKey = (movieId: string, viewer: string | null) => ['comments', movieId, viewer ?? 'visitor'] as const;

/** A movie's comments, oldest first, one page at a time. */
export const useComments = (movieId: string, viewer: string | null) =>
  useInfiniteQuery({
    queryKey: commentsKey(movieId, viewer),
    queryFn: ({ pageParam, signal }) => listComments(movieId, { page: pageParam, limit: COMMENTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

const useInvalidateComments = (movieId: string) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['comments', movieId] });
};

export const useCreateComment = (movieId: string) => {
  const invalidate = useInvalidateComments(movieId);
  return useMutation({ mutationFn: (text: string) => createComment(movieId, text), onSuccess: invalidate });
};

export const useDeleteComment = (movieId: string) => {
  const invalidate = useInvalidateComments(movieId);
  return useMutation({ mutationFn: (commentId: string) => deleteComment(movieId, commentId), onSuccess: invalidate });
};
