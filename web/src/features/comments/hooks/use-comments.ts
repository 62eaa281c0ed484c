import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { createComment } from '../api/create-comment';
import { deleteComment } from '../api/delete-comment';
import type { CommentTarget } from '../api/target';
import { commentsQuery } from './comments-query';

/** A movie's or film's comments, oldest first, one page at a time. */
export const useComments = (target: CommentTarget, viewer: string | null) =>
  useInfiniteQuery(commentsQuery(target, viewer));

// Any change drops every list of comments: an entry's comments are its film's (docs/catalogue.md),
// so a comment posted on one page belongs on the other too.
const useInvalidateComments = () => {
  const client = useQueryClient();
  return () => refetchAfterChange(client, ['comments']);
};

export const useCreateComment = (target: CommentTarget) => {
  const invalidate = useInvalidateComments();
  return useMutation({ mutationFn: (text: string) => createComment(target, text), onSuccess: invalidate });
};

/** Deleting goes through the entry's route (`DELETE /api/movies/{id}/comments/{commentId}`). */
export const useDeleteComment = (movieId: string) => {
  const invalidate = useInvalidateComments();
  return useMutation({ mutationFn: (commentId: string) => deleteComment(movieId, commentId), onSuccess: invalidate });
};
