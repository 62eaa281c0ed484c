import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { OfflineState } from '../../../components/offline-state';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { useListOffline } from '../../../lib/online';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import type { Newsletter } from '../api/newsletter-types';
import { useAdminNewsletterList } from '../hooks/use-admin-newsletters';
import { DeleteNewsletterDialog } from './delete-newsletter-dialog';
import { ImportantBadge } from './important-badge';
import { NewsletterEditorDialog } from './newsletter-editor-dialog';

const t = az.adminNewsletters;

/** /admin/newsletters: every newsletter, paged, with create, edit and delete. */
export function AdminNewsletters() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<Newsletter | null>(null);
  const [deleting, setDeleting] = useState<Newsletter | null>(null);
  const list = useAdminNewsletterList(page + 1, limit);

  const openEditor = (newsletter: Newsletter | null) => {
    setEditing(newsletter);
    setEditorOpen(true);
  };
  const failed = list.data && !list.data.success;
  const offline = useListOffline({ ...list, isError: Boolean(failed) });
  const rows = list.data?.success ? list.data.data : [];
  const total = list.data?.success ? list.data.total : 0;

  // A deleted newsletter's place goes to the next row's title, or the previous row's if it was the
  // last; to the create button if none is left (the dialog gave the focus back to a delete button
  // that left with its row).
  const tableRef = useRef<HTMLTableElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const focusAfterDelete = useFocusAfterDelete(({ id, index }: { id: string; index: number }) => {
    if (rows.some((row) => row.id === id)) return null;
    const neighbour = rows[Math.min(index, rows.length - 1)];
    if (!neighbour) return createRef.current;
    return tableRef.current?.querySelector<HTMLElement>(`[data-row-id="${neighbour.id}"] a[href]`);
  });
  const onDeleted = (newsletter: Newsletter) =>
    focusAfterDelete({ id: newsletter.id, index: rows.findIndex((row) => row.id === newsletter.id) });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">{t.intro}</Typography>
        <Button
          ref={createRef}
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => openEditor(null)}
          sx={{ flexShrink: 0 }}
        >
          {t.create}
        </Button>
      </Stack>
      {offline && <OfflineState />}
      {!offline && failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              {az.common.retry}
            </Button>
          }
        >
          {t.loadError}
        </Alert>
      )}
      <Paper variant="outlined">
        {list.isFetching && <LinearProgress aria-label={az.common.loading} />}
        <TableContainer>
          <Table ref={tableRef} aria-label={t.tableLabel} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t.columns.title}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {t.columns.createdAt}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {t.columns.updatedAt}
                </TableCell>
                <TableCell align="right">{t.columns.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((n) => (
                <TableRow key={n.id} hover data-row-id={n.id}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Link
                        component={RouterLink}
                        to={paths.newsletter(n.id)}
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {n.title}
                      </Link>
                      {n.is_important && <ImportantBadge />}
                    </Stack>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {formatDate(n.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDate(n.created_at)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDate(n.updated_at)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={t.edit(n.title)} onClick={() => openEditor(n)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t.delete(n.title)} color="error" onClick={() => setDeleting(n)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
              {!list.isPending && !failed && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>{t.empty}</Box>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={total > 0 ? Math.min(page, Math.max(0, Math.ceil(total / limit) - 1)) : 0}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={limit}
          rowsPerPageOptions={[10, 20, 50]}
          onRowsPerPageChange={(e) => {
            setLimit(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t.rowsPerPage}
          labelDisplayedRows={t.displayedRows}
          getItemAriaLabel={t.pageLabel}
        />
      </Paper>
      <NewsletterEditorDialog open={editorOpen} newsletter={editing} onClose={() => setEditorOpen(false)} />
      <DeleteNewsletterDialog newsletter={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </Stack>
  );
}
