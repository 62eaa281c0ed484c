import { SEARCH_QUERY_MAX } from '@kinodost/contracts/limits';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Ref } from 'react';
import { OfflineState } from '../../../components/offline-state';
import { errorMessage } from '../../../lib/api-client';
import { useListOffline } from '../../../lib/online';

/** The parts the admin lists (users, films, comments) share between their filters and their rows. */

/** An admin list's search field; what it holds is sent as the list's `q`. */
export function AdminSearchField({
  inputRef,
  label,
  placeholder,
  value,
  onChange,
}: {
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputRef={inputRef}
      sx={{ flex: 1 }}
      slotProps={{
        htmlInput: { maxLength: SEARCH_QUERY_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * Under a list's filters: a bar while it loads (or `busy` says so), then why it has no rows when it
 * cannot have them: the offline state while the network is away, else the server's error.
 */
export function AdminListStatus({
  list,
  busy = false,
  loadError,
}: {
  list: UseQueryResult<unknown>;
  busy?: boolean;
  loadError: string;
}) {
  const offline = useListOffline(list);
  return (
    <>
      <Box sx={{ height: 4 }}>{(list.isFetching || busy) && <LinearProgress />}</Box>
      {offline && (
        <Box sx={{ p: 2 }}>
          <OfflineState />
        </Box>
      )}
      {!offline && list.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(list.error) || loadError}
        </Alert>
      )}
    </>
  );
}

/**
 * Where the focus goes once the rows `removed.ids` (the first of them at `removed.index` before)
 * have left the list `ids`: the first control of the row that took their place, or of the row
 * before if they were the last; `fallback` when none is left. null while one of them is still shown
 * (the refetch is not rendered yet): useFocusAfterDelete then waits. Each row (a table row or a
 * card) carries its id in `data-row-id`, inside `container`.
 */
export function focusTargetAfterRemoval(
  container: HTMLElement | null,
  ids: string[],
  removed: { ids: string[]; index: number },
  fallback: () => HTMLElement | null | undefined,
): HTMLElement | null | undefined {
  if (removed.ids.some((id) => ids.includes(id))) return null;
  const neighbour = ids[Math.min(Math.max(removed.index, 0), ids.length - 1)];
  if (neighbour === undefined) return fallback();
  return container
    ?.querySelector(`[data-row-id="${neighbour}"]`)
    ?.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]');
}

/** The one row of a table with no rows: what the list would hold, across all its columns. */
export function EmptyTableRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {text}
      </TableCell>
    </TableRow>
  );
}
