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
import { OfflineState } from '../../../components/offline-state';
import { errorMessage } from '../../../lib/api-client';
import { useListOffline } from '../../../lib/online';

/** The parts the admin lists (users, films, comments) share between their filters and their rows. */

/** An admin list's search field; what it holds is sent as the list's `q`. */
export function AdminSearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
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
