import type { Film } from '@kinodost/contracts/schemas/films';
import EditIcon from '@mui/icons-material/Edit';
import MergeIcon from '@mui/icons-material/MergeType';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminFilmList } from '../hooks/use-film-admin';
import { AdminCard, AdminCardList } from './admin-card-list';
import { AdminListStatus, AdminSearchField, EmptyTableRow } from './admin-list-parts';
import { EditFilmDialog } from './edit-film-dialog';
import { filmLabel, MergeFilmDialog } from './merge-film-dialog';

const t = az.admin.films;
/** Films on a page of the list. */
const LIMIT = 20;

function FilmTitle({ film }: { film: Film }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={film.poster_url ?? undefined}
        alt={film.poster_url ? t.posterAlt(film.title) : ''}
        sx={{ width: 32, height: 48, fontSize: 14 }}
      >
        {film.title.charAt(0).toLocaleUpperCase('az')}
      </Avatar>
      <Box
        component={RouterLink}
        to={paths.film(film.id)}
        sx={{ color: 'inherit', fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {filmLabel(film)}
      </Box>
    </Box>
  );
}

/** /admin/films: the catalogue, newest first or searched, paged by the server; each film edited or merged. */
export function FilmsTable() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Film | null>(null);
  const [merging, setMerging] = useState<Film | null>(null);
  const q = useDebouncedValue(search.trim(), 400);
  const list = useAdminFilmList({ page: page + 1, limit: LIMIT, q: q || undefined });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const theme = useTheme();
  // Below 600 px each film is a card with its edit and merge in view; the table needs some 640 px.
  const cards = useMediaQuery(theme.breakpoints.down('sm'));

  const actions = (film: Film) => (
    <>
      {/* A native title rather than MUI's Tooltip: its popper would join the chunk every page loads (vite.config.ts). */}
      <IconButton aria-label={t.editFilm(film.title)} title={t.editTitle} onClick={() => setEditing(film)}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={t.mergeFilm(film.title)} title={t.mergeTitle} onClick={() => setMerging(film)}>
        <MergeIcon />
      </IconButton>
    </>
  );

  return (
    <Paper variant="outlined">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
        <AdminSearchField
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
      </Stack>
      <AdminListStatus list={list} loadError={t.loadError} />
      {cards ? (
        <AdminCardList label={t.tableLabel} empty={!list.isPending && rows.length === 0 ? t.empty : null}>
          {rows.map((film) => (
            <AdminCard
              key={film.id}
              label={filmLabel(film)}
              title={<FilmTitle film={film} />}
              details={(
                [
                  [t.columns.directors, film.directors.join(', ')],
                  [t.columns.genres, film.genres.join(', ')],
                  [t.columns.source, t.source[film.source] ?? film.source],
                ] as [string, string][]
              ).filter(([, value]) => value !== '')}
              actions={actions(film)}
            />
          ))}
        </AdminCardList>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t.tableLabel} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t.columns.film}</TableCell>
                <TableCell>{t.columns.directors}</TableCell>
                <TableCell>{t.columns.genres}</TableCell>
                <TableCell>{t.columns.source}</TableCell>
                <TableCell align="right">{t.columns.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((film) => (
                <TableRow key={film.id} hover>
                  <TableCell>
                    <FilmTitle film={film} />
                  </TableCell>
                  <TableCell>{film.directors.join(', ')}</TableCell>
                  <TableCell>{film.genres.join(', ')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.source[film.source] ?? film.source}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(film)}
                  </TableCell>
                </TableRow>
              ))}
              {!list.isPending && rows.length === 0 && <EmptyTableRow columns={5} text={t.empty} />}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {/*
        Pagination rather than TablePagination: a fourth page sharing TablePagination would move it,
        and the Tooltip beside it, into the chunks every page loads, where they import MUI's overlays
        in a cycle that breaks every page (vite.config.ts, build/chunk-groups.ts).
      */}
      <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
        {total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {az.admin.users.displayedRows({
              from: page * LIMIT + 1,
              to: Math.min(total, (page + 1) * LIMIT),
              count: total,
            })}
          </Typography>
        )}
        <Pagination
          count={Math.max(1, Math.ceil(total / LIMIT))}
          page={page + 1}
          onChange={(_event, next) => setPage(next - 1)}
          getItemAriaLabel={(type, item) =>
            type === 'page'
              ? t.pageNumber(item ?? 1)
              : az.admin.users.pageLabel(
                  type === 'last' ? 'last' : type === 'first' ? 'first' : type === 'next' ? 'next' : 'previous',
                )
          }
        />
      </Stack>
      <EditFilmDialog film={editing} onClose={() => setEditing(null)} />
      <MergeFilmDialog film={merging} onClose={() => setMerging(null)} />
    </Paper>
  );
}
