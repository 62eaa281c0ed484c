import type { Comment } from '@kinodost/contracts/schemas/comments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LazyConfirmDialog } from '../../../components/lazy-dialog';
import { OfflineState } from '../../../components/offline-state';
import { SignInAlert } from '../../../components/sign-in-alert';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useListOffline } from '../../../lib/online';
import { toast } from '../../../lib/toast';
import type { CommentTarget } from '../api/target';
import { useComments, useDeleteComment } from '../hooks/use-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

const t = az.comments;

/**
 * A movie's or film's comments: approved ones for everybody, plus the reader's own pending ones; a
 * comment box for members that says a new comment waits for moderation (an admin's own is
 * published at once). On a movie entry the author or an admin may delete a comment (the film
 * routes have no delete).
 */
export function CommentsSection({ target }: { target: CommentTarget }) {
  const { isLoggedIn, userId, isAdmin } = useAuth();
  const comments = useComments(target, isLoggedIn ? userId : null);
  const offline = useListOffline(comments);
  const remove = useDeleteComment(target.id);
  const mayDelete = (comment: Comment) =>
    target.kind === 'movie' && isLoggedIn && (comment.author.id === userId || isAdmin);
  // Posted in this visit: shown at once even when the list's last page is not loaded yet.
  const [posted, setPosted] = useState<Comment[]>([]);
  // What the last comment posted in this visit became: pending, or published (an admin's own).
  const [notice, setNotice] = useState<Comment['status'] | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  const loaded = comments.data?.pages.flatMap((page) => page.data) ?? [];
  const loadedIds = new Set(loaded.map((comment) => comment.id));
  const shown = [...loaded, ...posted.filter((comment) => !loadedIds.has(comment.id))];
  const total = comments.data?.pages[0]?.total;

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t.deleted);
        setPosted((current) => current.filter((comment) => comment.id !== id));
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Box component="section" aria-labelledby="comments-title" sx={{ mt: 5 }}>
      <Typography id="comments-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {total === undefined ? t.title : t.count(Math.max(total, shown.length))}
      </Typography>

      {offline && <OfflineState />}
      {!offline && comments.isPending && (
        <Stack spacing={1.5} aria-hidden data-testid="comments-skeleton">
          {[0, 1].map((index) => (
            <Skeleton key={index} variant="rounded" height={72} />
          ))}
        </Stack>
      )}
      {!offline && comments.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => comments.refetch()}>
              {az.common.retry}
            </Button>
          }
        >
          {errorMessage(comments.error) || t.loadError}
        </Alert>
      )}
      {comments.isSuccess && shown.length === 0 && (
        <Typography color="text.secondary">{isLoggedIn ? t.emptyMember : t.empty}</Typography>
      )}
      {shown.length > 0 && (
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} onDelete={mayDelete(comment) ? setDeleting : undefined} />
            </li>
          ))}
        </Stack>
      )}
      {comments.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {t.loadMore}
          </Button>
        </Box>
      )}

      <Box sx={{ mt: 3 }}>
        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice === 'approved' ? t.publishedNotice : t.pendingNotice}
          </Alert>
        )}
        {isLoggedIn ? (
          <CommentForm
            target={target}
            onPosted={(comment) => {
              setPosted((current) => [...current, comment]);
              setNotice(comment.status);
            }}
          />
        ) : (
          <SignInAlert text={t.loginPrompt} />
        )}
      </Box>

      <LazyConfirmDialog
        open={Boolean(deleting)}
        title={t.deleteTitle}
        text={t.deleteText}
        confirmLabel={t.deleteConfirm}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
