import type { AdminComment, CommentStatus, ModerationAction } from '@kinodost/contracts/schemas/comments';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminStats } from '../hooks/use-admin-stats';
import { useAdminComments, useModerateComments } from '../hooks/use-comment-moderation';
import { AdminCard, AdminCardList } from './admin-card-list';
import { AdminListStatus, EmptyTableRow, focusTargetAfterRemoval } from './admin-list-parts';

const t = az.adminComments;
const STATUSES: CommentStatus[] = ['pending', 'approved', 'rejected'];
const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

const doneText = (action: ModerationAction, count: number) =>
  action === 'approve' ? t.approved(count) : action === 'reject' ? t.rejectedToast(count) : t.deleted(count);

/**
 * /admin/comments: the moderation queue with the movie and the author of each comment;
 * approve, reject and delete one at a time or the checked ones together.
 */
export function CommentsModeration() {
  const [status, setStatus] = useState<CommentStatus>('pending');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const list = useAdminComments({ page: page + 1, limit, status });
  const stats = useAdminStats();
  const moderation = useModerateComments();
  // Below 600 px each comment is a card with its actions in view; the table needs some 760 px.
  const cards = useMediaQuery(useTheme().breakpoints.down('sm'));

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const rowIds = rows.map((row) => row.id);
  const checked = selected.filter((id) => rowIds.includes(id));
  const allChecked = rows.length > 0 && checked.length === rows.length;

  // Each action takes its comments out of the list shown (the filter is by status), and the focus
  // with them: it goes to the first control of the row after them, or before them if they were the
  // last; to the status filter if none is left.
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAfterRemoval = useFocusAfterDelete((removed: { ids: string[]; index: number }) =>
    focusTargetAfterRemoval(rootRef.current, rowIds, removed, () =>
      rootRef.current?.querySelector<HTMLElement>('[role="combobox"]'),
    ),
  );

  const resetSelection = () => setSelected([]);
  const run = (ids: string[], action: ModerationAction) => {
    if (ids.length === 0 || moderation.isPending) return;
    moderation.mutate(
      { ids, action },
      {
        onSuccess: (reply) => {
          toast.success(doneText(action, reply.count ?? ids.length));
          const indexes = ids.map((id) => rowIds.indexOf(id)).filter((index) => index >= 0);
          focusAfterRemoval({ ids, index: indexes.length > 0 ? Math.min(...indexes) : 0 });
          setSelected((current) => current.filter((id) => !ids.includes(id)));
          setConfirmDelete(null);
          // The last row of a later page went away: step back so the page is not empty.
          if (page > 0 && ids.length >= rows.length) setPage(page - 1);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  const ask = (ids: string[], action: ModerationAction) =>
    action === 'delete' ? setConfirmDelete(ids) : run(ids, action);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <Paper variant="outlined" ref={rootRef}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          select
          label={t.statusLabel}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as CommentStatus);
            setPage(0);
            resetSelection();
          }}
          sx={{ minWidth: { sm: 240 } }}
        >
          {STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t.statusFilter[value]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {stats.data && (
          <Chip
            color={stats.data.pendingCommentCount > 0 ? 'warning' : 'default'}
            label={t.pendingCount(stats.data.pendingCommentCount)}
            data-testid="pending-count"
            // Dark text on the warning orange in both themes: the light theme's white was 3.1:1 on
            // #ed6c02, black is 6.7:1 there and 10.8:1 on the dark theme's #ffa726.
            sx={stats.data.pendingCommentCount > 0 ? { color: 'common.black' } : undefined}
          />
        )}
      </Stack>

      {checked.length > 0 && (
        <Box
          role="toolbar"
          aria-label={t.selectionLabel}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            px: 2,
            py: 1,
            bgcolor: 'action.selected',
          }}
        >
          <Typography sx={{ fontWeight: 600, mr: 'auto' }} role="status">
            {t.selected(checked.length)}
          </Typography>
          {status !== 'approved' && (
            <Button
              size="small"
              color="success"
              variant="contained"
              startIcon={<CheckCircleIcon />}
              onClick={() => run(checked, 'approve')}
              disabled={moderation.isPending}
            >
              {t.approve}
            </Button>
          )}
          {status !== 'rejected' && (
            <Button
              size="small"
              color="warning"
              variant="outlined"
              startIcon={<BlockIcon />}
              onClick={() => run(checked, 'reject')}
              disabled={moderation.isPending}
            >
              {t.reject}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => ask(checked, 'delete')}
            disabled={moderation.isPending}
          >
            {t.delete}
          </Button>
        </Box>
      )}

      <AdminListStatus list={list} busy={moderation.isPending} loadError={t.loadError} />
      {cards ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5 }}>
            <Checkbox
              checked={allChecked}
              indeterminate={checked.length > 0 && !allChecked}
              onChange={() => setSelected(allChecked ? [] : rowIds)}
              disabled={rows.length === 0}
              slotProps={{ input: { 'aria-label': t.selectAll } }}
            />
            <Typography variant="body2" aria-hidden>
              {t.selectAllShort}
            </Typography>
          </Box>
          <AdminCardList label={t.tableLabel} empty={list.isSuccess && rows.length === 0 ? t.empty[status] : null}>
            {rows.map((comment) => (
              <CommentCard
                key={comment.id}
                rowId={comment.id}
                comment={comment}
                checked={checked.includes(comment.id)}
                onToggle={() => toggle(comment.id)}
                onAction={(action) => ask([comment.id], action)}
              />
            ))}
          </AdminCardList>
        </>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t.tableLabel} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChecked}
                    indeterminate={checked.length > 0 && !allChecked}
                    onChange={() => setSelected(allChecked ? [] : rowIds)}
                    disabled={rows.length === 0}
                    slotProps={{ input: { 'aria-label': t.selectAll } }}
                  />
                </TableCell>
                <TableCell>{t.columns.comment}</TableCell>
                <TableCell>{t.columns.movie}</TableCell>
                <TableCell>{t.columns.author}</TableCell>
                <TableCell>{t.columns.date}</TableCell>
                <TableCell align="right">{t.columns.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((comment) => (
                <CommentRow
                  key={comment.id}
                  rowId={comment.id}
                  comment={comment}
                  checked={checked.includes(comment.id)}
                  onToggle={() => toggle(comment.id)}
                  onAction={(action) => ask([comment.id], action)}
                />
              ))}
              {list.isSuccess && rows.length === 0 && <EmptyTableRow columns={6} text={t.empty[status]} />}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_, next) => {
          setPage(next);
          resetSelection();
        }}
        rowsPerPage={limit}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
          resetSelection();
        }}
        rowsPerPageOptions={[10, 20, 50, 100]}
        labelRowsPerPage={az.admin.users.rowsPerPage}
        labelDisplayedRows={az.admin.users.displayedRows}
        getItemAriaLabel={az.admin.users.pageLabel}
      />

      <ConfirmDialog
        open={Boolean(confirmDelete)}
        title={t.deleteTitle(confirmDelete?.length ?? 1)}
        text={t.deleteText}
        confirmLabel={t.deleteConfirm}
        pending={moderation.isPending}
        onConfirm={() => confirmDelete && run(confirmDelete, 'delete')}
        onClose={() => setConfirmDelete(null)}
      />
    </Paper>
  );
}

function CommentRow({
  rowId,
  comment,
  checked,
  onToggle,
  onAction,
}: {
  rowId: string;
  comment: AdminComment;
  checked: boolean;
  onToggle: () => void;
  onAction: (action: ModerationAction) => void;
}) {
  const name = comment.author.username;
  return (
    <TableRow hover selected={checked} data-row-id={rowId}>
      <TableCell padding="checkbox">
        <Checkbox checked={checked} onChange={onToggle} slotProps={{ input: { 'aria-label': t.select(name) } }} />
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <CommentText comment={comment} />
      </TableCell>
      <TableCell>
        <FilmLink comment={comment} />
      </TableCell>
      <TableCell>
        <AuthorLink comment={comment} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(comment.created_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <CommentActions comment={comment} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}

function CommentActions({
  comment,
  onAction,
}: {
  comment: AdminComment;
  onAction: (action: ModerationAction) => void;
}) {
  const name = comment.author.username;
  return (
    <>
      {comment.status !== 'approved' && (
        <Tooltip title={t.approve}>
          <IconButton color="success" aria-label={t.approveOne(name)} onClick={() => onAction('approve')}>
            <CheckCircleIcon />
          </IconButton>
        </Tooltip>
      )}
      {comment.status !== 'rejected' && (
        <Tooltip title={t.reject}>
          <IconButton color="warning" aria-label={t.rejectOne(name)} onClick={() => onAction('reject')}>
            <BlockIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t.delete}>
        <IconButton color="error" aria-label={t.deleteOne(name)} onClick={() => onAction('delete')}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** A comment as a card, below 600 px. */
function CommentCard({
  rowId,
  comment,
  checked,
  onToggle,
  onAction,
}: {
  rowId: string;
  comment: AdminComment;
  checked: boolean;
  onToggle: () => void;
  onAction: (action: ModerationAction) => void;
}) {
  const name = comment.author.username;
  return (
    <AdminCard
      rowId={rowId}
      label={t.cardLabel(name)}
      selected={checked}
      title={
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Checkbox
            checked={checked}
            onChange={onToggle}
            sx={{ mt: -1, ml: -1 }}
            slotProps={{ input: { 'aria-label': t.select(name) } }}
          />
          <Box sx={{ minWidth: 0 }}>
            <CommentText comment={comment} />
          </Box>
        </Box>
      }
      details={[
        [t.columns.movie, <FilmLink key="film" comment={comment} />],
        [t.columns.author, <AuthorLink key="author" comment={comment} />],
        [t.columns.date, formatDate(comment.created_at)],
      ]}
      actions={<CommentActions comment={comment} onAction={onAction} />}
    />
  );
}

function CommentText({ comment }: { comment: AdminComment }) {
  return (
    <>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          display: '-webkit-box',
          WebkitLineClamp: 4,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
        title={comment.text}
      >
        {comment.text}
      </Typography>
      {comment.status !== 'pending' && (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[comment.status]}
          label={t.status[comment.status]}
          sx={{ mt: 0.5 }}
        />
      )}
    </>
  );
}

/** The entry it was written on; a comment written on the film's page, or whose entry is gone, links to the film. */
function FilmLink({ comment }: { comment: AdminComment }) {
  return (
    <Link
      component={RouterLink}
      to={comment.movie ? paths.movie(comment.movie.id) : paths.film(comment.film.id)}
      underline="hover"
      sx={{ fontWeight: 600 }}
    >
      {comment.film.title}
    </Link>
  );
}

function AuthorLink({ comment }: { comment: AdminComment }) {
  const name = comment.author.username;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {/* The member's colours everywhere else (StatusAvatar): the default grey was 1.7:1. */}
      <Avatar
        src={comment.author.avatar_url ?? undefined}
        alt=""
        sx={{ width: 28, height: 28, fontSize: 13, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
      >
        {name.charAt(0).toLocaleUpperCase('az')}
      </Avatar>
      <Link component={RouterLink} to={paths.user(comment.author.id)} underline="hover" color="inherit">
        {name}
      </Link>
    </Box>
  );
}
