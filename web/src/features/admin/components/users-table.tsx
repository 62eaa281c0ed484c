import type { UserProfile, UserSort } from '@kinodost/contracts/schemas/users';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
import { type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSetUserAdmin, useUserList } from '../hooks/use-user-admin';
import { AdminCard, AdminCardList } from './admin-card-list';
import { AdminListStatus, AdminSearchField, EmptyTableRow, focusTargetAfterRemoval } from './admin-list-parts';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';

const t = az.admin.users;
const SORTS: UserSort[] = ['-created_at', 'created_at', 'username', '-username'];

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Says why a control of the last admin is disabled. A disabled control takes no pointer or focus
 * events, so the tooltip sits on a focusable wrapper; the reason is also in the page (`id`) for
 * the control's aria-describedby.
 */
function LastAdminReason({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Tooltip title={title} describeChild>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex', verticalAlign: 'middle', position: 'relative' }}>
        {children}
        <Box component="span" id={id} sx={visuallyHidden}>
          {title}
        </Box>
      </Box>
    </Tooltip>
  );
}

function UserName({ user, isMe }: { user: UserProfile; isMe: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {/* The member's colours everywhere else (StatusAvatar): the default grey was 1.7:1. */}
      <Avatar
        src={user.avatar_url ?? undefined}
        alt=""
        sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
      >
        {user.username.charAt(0).toLocaleUpperCase('az')}
      </Avatar>
      <Box
        component={RouterLink}
        to={paths.user(user.id)}
        sx={{ color: 'inherit', fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {user.username}
      </Box>
      {isMe && (
        <Typography variant="caption" color="text.secondary">
          ({t.you})
        </Typography>
      )}
    </Box>
  );
}

/** Paged, searchable, sortable user administration (server-side paging). */
export function UsersTable() {
  const { userId: myId, refreshProfile } = useAuth();
  const theme = useTheme();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>('-created_at');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [editing, setEditing] = useState<UserProfile | null>(null);
  const [deleting, setDeleting] = useState<UserProfile | null>(null);
  const q = useDebouncedValue(search.trim(), 400);

  const list = useUserList({ page: page + 1, limit, q: q || undefined, sort });
  const toggleAdmin = useSetUserAdmin();

  const onToggle = (user: UserProfile, isAdmin: boolean) => {
    // The switches stay enabled while a change is under way: a control disabled under the keyboard
    // focus drops it to <body>. A press meanwhile is ignored instead.
    if (toggleAdmin.isPending) return;
    toggleAdmin.mutate(
      { id: user.id, isAdmin },
      {
        onSuccess: () => {
          toast.success(isAdmin ? t.adminGranted(user.username) : t.adminRevoked(user.username));
          // Taking one's own flag changes what this very page may show.
          if (user.id === myId) void refreshProfile();
        },
        // The server's text, e.g. that the last admin cannot lose the flag.
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  // The server refuses to demote or delete the last admin (docs/architecture.md, "Status codes"):
  // their controls are disabled here, with the reason, instead of ending in an error toast.
  const isLastAdmin = (user: UserProfile) => user.isAdmin && list.data?.adminCount === 1;
  // Below 600 px each user is a card with its controls in view; the table needs some 640 px.
  const cards = useMediaQuery(theme.breakpoints.down('sm'));

  // A deleted user's place goes to the next row's first control, or the previous row's if it was
  // the last; to the search field if none is left (the dialog gave the focus back to a button that
  // left with its row).
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focusAfterDelete = useFocusAfterDelete((removed: { ids: string[]; index: number }) =>
    focusTargetAfterRemoval(
      listRef.current,
      rows.map((row) => row.id),
      removed,
      () => searchRef.current,
    ),
  );
  const onDeleted = (user: UserProfile) =>
    focusAfterDelete({ ids: [user.id], index: rows.findIndex((row) => row.id === user.id) });

  const adminSwitch = (user: UserProfile) =>
    isLastAdmin(user) ? (
      <LastAdminReason id={`last-admin-switch-${user.id}`} title={t.lastAdminSwitch}>
        <Switch
          checked
          disabled
          slotProps={{
            input: {
              'aria-label': t.toggleAdmin(user.username),
              'aria-describedby': `last-admin-switch-${user.id}`,
            },
          }}
        />
      </LastAdminReason>
    ) : (
      <Switch
        checked={user.isAdmin}
        onChange={(_event, checked) => onToggle(user, checked)}
        slotProps={{ input: { 'aria-label': t.toggleAdmin(user.username) } }}
      />
    );

  const actions = (user: UserProfile) => (
    <>
      <Tooltip title={az.admin.users.editTitle}>
        <IconButton aria-label={t.editUser(user.username)} onClick={() => setEditing(user)}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      {isLastAdmin(user) ? (
        <LastAdminReason id={`last-admin-delete-${user.id}`} title={t.lastAdminDelete}>
          <IconButton
            aria-label={t.deleteUser(user.username)}
            aria-describedby={`last-admin-delete-${user.id}`}
            color="error"
            disabled
          >
            <DeleteIcon />
          </IconButton>
        </LastAdminReason>
      ) : (
        <Tooltip title={az.common.delete}>
          <IconButton aria-label={t.deleteUser(user.username)} color="error" onClick={() => setDeleting(user)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </>
  );

  return (
    <Paper variant="outlined" ref={listRef}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
        <AdminSearchField
          inputRef={searchRef}
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        <TextField
          select
          label={t.sortLabel}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as UserSort);
            setPage(0);
          }}
          sx={{ minWidth: { sm: 220 } }}
        >
          {SORTS.map((value) => (
            <MenuItem key={value} value={value}>
              {t.sort[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <AdminListStatus list={list} loadError={t.loadError} />
      {cards ? (
        <AdminCardList label={t.tableLabel} empty={!list.isPending && rows.length === 0 ? t.empty : null}>
          {rows.map((user) => (
            <AdminCard
              key={user.id}
              rowId={user.id}
              title={<UserName user={user} isMe={user.id === myId} />}
              label={user.username}
              details={[
                [t.columns.email, user.email],
                [t.columns.createdAt, formatDate(user.created_at)],
              ]}
              actions={
                <>
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', mr: 'auto' }}>
                    <Typography variant="body2" component="span" color="text.secondary">
                      {t.columns.admin}
                    </Typography>
                    {adminSwitch(user)}
                  </Box>
                  {actions(user)}
                </>
              }
            />
          ))}
        </AdminCardList>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t.tableLabel} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t.columns.user}</TableCell>
                <TableCell>{t.columns.email}</TableCell>
                <TableCell>{t.columns.createdAt}</TableCell>
                <TableCell align="center">{t.columns.admin}</TableCell>
                <TableCell align="right">{t.columns.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} hover data-row-id={user.id}>
                  <TableCell>
                    <UserName user={user} isMe={user.id === myId} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.email}</TableCell>
                  <TableCell>{formatDate(user.created_at)}</TableCell>
                  <TableCell align="center">{adminSwitch(user)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(user)}
                  </TableCell>
                </TableRow>
              ))}
              {!list.isPending && rows.length === 0 && <EmptyTableRow columns={5} text={t.empty} />}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / limit) - 1))}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={limit}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={[10, 20, 50, 100]}
        labelRowsPerPage={t.rowsPerPage}
        labelDisplayedRows={t.displayedRows}
        getItemAriaLabel={t.pageLabel}
      />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </Paper>
  );
}
