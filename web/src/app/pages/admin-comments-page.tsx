import { CommentsModeration } from '../../features/admin/components/comments-moderation';

/** /admin/comments: the moderation queue. */
export function AdminCommentsPage() {
  return <CommentsModeration />;
}
