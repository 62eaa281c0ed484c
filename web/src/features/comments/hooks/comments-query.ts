import { infiniteQueryOptions } from '@tanstack/react-query';
import { listComments } from '../api/list-comments';
import type { CommentTarget } from '../api/target';

// Kept apart from use-comments.ts: the app's shell imports this module to fetch a movie's or film's
// comments with the page's own answer, while the page's code is still downloading (app/router.tsx).

export const COMMENTS_PAGE_SIZE = 20;

/** Every comments list, of every target and reader. */
export const allCommentsKey = ['comments'] as const;

/** Per target and per reader: a member's list also holds their own pending comments. */
const commentsKey = (target: CommentTarget, viewer: string | null) =>
  [...allCommentsKey, target.kind, target.id, viewer ?? 'visitor'] as const;

/** A movie's or film's comments, oldest first, one page at a time. */
export const commentsQuery = (target: CommentTarget, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: commentsKey(target, viewer),
    queryFn: ({ pageParam, signal }) => listComments(target, { page: pageParam, limit: COMMENTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
