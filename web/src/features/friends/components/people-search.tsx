import { PEOPLE_QUERY_MAX } from '@kinodost/contracts/limits';
import ClearIcon from '@mui/icons-material/Clear';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { az } from '../../../i18n/az';
import { usePeopleSearch } from '../hooks/use-people-search';
import { FriendPersonRow } from './friend-person-row';
import { FriendshipActions } from './friendship-actions';

const t = az.friends.people;

/** Find members by username and act on each with the button their status calls for. */
export function PeopleSearch() {
  const [input, setInput] = useState('');
  const search = usePeopleSearch(input);
  const titleId = useId();
  const statusId = useId();

  let summary = '';
  if (search.tooLong) summary = t.tooLong(PEOPLE_QUERY_MAX);
  else if (search.active && !search.isSearching && !search.failed) {
    summary = search.total === 0 ? t.empty(search.query) : t.found(search.total);
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ mt: 3, overflow: 'hidden' }}>
      <Box sx={{ p: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t.label}
          placeholder={t.placeholder}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={search.tooLong}
          // The clear button below replaces the browser's own one.
          sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
          slotProps={{
            htmlInput: {
              // Room past the limit, so a pasted name shows the too-long text rather than being cut.
              maxLength: 2 * PEOPLE_QUERY_MAX,
              'aria-describedby': statusId,
              autoComplete: 'off',
              spellCheck: false,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <PersonSearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  {search.isSearching ? (
                    <CircularProgress size={18} aria-hidden />
                  ) : input ? (
                    <IconButton size="small" aria-label={t.clear} onClick={() => setInput('')} edge="end">
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  ) : null}
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography
          id={statusId}
          role="status"
          variant="body2"
          color={search.tooLong ? 'error' : 'text.secondary'}
          sx={{ mt: 1, minHeight: '1.5em' }}
        >
          {summary}
        </Typography>
      </Box>
      {search.failed && (
        <Alert
          severity="warning"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={search.refetch}>
              {az.friends.retry}
            </Button>
          }
        >
          {az.friends.errors.listFailed}
        </Alert>
      )}
      {search.people.length > 0 && (
        <List disablePadding aria-label={t.resultsLabel} sx={{ borderTop: 1, borderColor: 'divider' }}>
          {search.people.map((person) => (
            <FriendPersonRow
              key={person.id}
              person={person}
              actions={
                <FriendshipActions
                  person={person}
                  status={person.status}
                  direction={person.direction}
                  requestId={person.requestId}
                />
              }
            />
          ))}
        </List>
      )}
    </Paper>
  );
}
