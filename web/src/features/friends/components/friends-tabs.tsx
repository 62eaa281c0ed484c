import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { OfflineState } from '../../../components/offline-state';
import { TabBar, TabPanel } from '../../../components/tab-bar';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';
import { useListOffline } from '../../../lib/online';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useFriendsList, useIncomingList, useOutgoingList } from '../hooks/use-friend-queries';
import { FriendPersonRow } from './friend-person-row';
import { FriendshipActions } from './friendship-actions';

const t = az.friends;

export const friendTabs = ['friends', 'incoming', 'outgoing'] as const;
export type FriendTab = (typeof friendTabs)[number];
const isTab = (value: unknown): value is FriendTab => friendTabs.includes(value as FriendTab);

/** Case-insensitive, Azerbaijani-aware username match for the filter box. */
export const matchesUsername = (username: string, filter: string): boolean =>
  username.toLocaleLowerCase('az').includes(filter.trim().toLocaleLowerCase('az'));

/** The tab comes from ?tab=, else from the link that led here (the popup opens 'incoming'). */
function useTabState(): [FriendTab, (tab: FriendTab) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { tab?: unknown } | null)?.tab;
  const fromUrl = params.get('tab');
  const tab: FriendTab = isTab(fromUrl) ? fromUrl : isTab(fromState) ? fromState : 'friends';
  const setTab = (next: FriendTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'friends') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  failed: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Loading rows, the failure notice, the empty texts and 'Daha çox göstər' around a list's rows. */
function ListBody({
  state,
  rows,
  empty,
  filter,
}: {
  state: ListState;
  rows: ReactNode[];
  empty: string;
  filter: string;
}) {
  // A social list answers a failure as a page (`failed`), not an error.
  const offline = useListOffline({ ...state, isError: state.isError || state.failed });
  if (offline) {
    return (
      <Box sx={{ p: 2 }}>
        <OfflineState />
      </Box>
    );
  }
  if (state.isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" data-testid="friends-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} sx={{ my: 1 }} />
        ))}
      </Box>
    );
  }
  return (
    <>
      {state.failed && (
        <Alert
          severity="warning"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => state.refetch()}>
              {t.retry}
            </Button>
          }
        >
          {t.errors.listFailed}
        </Alert>
      )}
      {rows.length === 0 ? (
        !state.failed && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {filter.trim() ? t.empty.filtered(filter.trim()) : empty}
          </Typography>
        )
      ) : (
        <List disablePadding>{rows}</List>
      )}
      {state.hasNextPage && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button onClick={() => state.fetchNextPage()} disabled={state.isFetchingNextPage}>
            {t.loadMore}
          </Button>
        </Box>
      )}
    </>
  );
}

/** /friends: friends, incoming and outgoing requests in tabs with their counts, and a filter box. */
export function FriendsTabs() {
  const [tab, setTab] = useTabState();
  const [filter, setFilter] = useState('');
  const id = useId();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const friends = useFriendsList();
  const incoming = useIncomingList();
  const outgoing = useOutgoingList();
  const keep = (username: string) => !filter.trim() || matchesUsername(username, filter);

  const panels: Record<FriendTab, ReactNode> = {
    friends: (
      <ListBody
        state={friends}
        empty={t.empty.friends}
        filter={filter}
        rows={friends.items
          .filter((friend) => keep(friend.username))
          .map((friend) => (
            <FriendPersonRow
              key={friend.id}
              person={friend}
              secondary={t.since(formatDate(friend.since))}
              showLastSeen
              friend
              actions={<FriendshipActions person={friend} status="accepted" allowRemove />}
            />
          ))}
      />
    ),
    incoming: (
      <ListBody
        state={incoming}
        empty={t.empty.incoming}
        filter={filter}
        rows={incoming.items
          .filter((request) => keep(request.sender.username))
          .map((request) => (
            <FriendPersonRow
              key={request.id}
              person={request.sender}
              secondary={t.receivedAt(formatDate(request.created_at))}
              actions={
                <FriendshipActions
                  person={request.sender}
                  status="pending"
                  direction="incoming"
                  requestId={request.id}
                />
              }
            />
          ))}
      />
    ),
    outgoing: (
      <ListBody
        state={outgoing}
        empty={t.empty.outgoing}
        filter={filter}
        rows={outgoing.items
          .filter((request) => keep(request.receiver.username))
          .map((request) => (
            <FriendPersonRow
              key={request.id}
              person={request.receiver}
              secondary={t.sentAt(formatDate(request.created_at))}
              actions={
                <FriendshipActions
                  person={request.receiver}
                  status="pending"
                  direction="outgoing"
                  requestId={request.id}
                />
              }
            />
          ))}
      />
    ),
  };

  const labels: Record<FriendTab, string> = {
    friends: t.tabs.friends(friends.total),
    incoming: t.tabs.incoming(incoming.total),
    outgoing: t.tabs.outgoing(outgoing.total),
  };
  const shortLabels: Record<FriendTab, string> = {
    friends: t.tabs.short.friends(friends.total),
    incoming: t.tabs.short.incoming(incoming.total),
    outgoing: t.tabs.short.outgoing(outgoing.total),
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TabBar
        idBase={id}
        label={t.tabs.label}
        items={friendTabs.map((name) => ({
          value: name,
          label: narrow ? shortLabels[name] : labels[name],
          ariaLabel: labels[name],
        }))}
        value={tab}
        onChange={setTab}
        fullWidth={narrow}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
        tabSx={{
          textTransform: 'none',
          fontWeight: 600,
          px: { xs: 0.5, sm: 2 },
          fontSize: { xs: '0.8125rem', sm: '0.875rem' },
        }}
      />
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          fullWidth
          size="small"
          label={t.filter.label}
          placeholder={t.filter.placeholder}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: filter ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={t.filter.clear} onClick={() => setFilter('')} edge="end">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      <TabPanel idBase={id} value={tab}>
        {panels[tab]}
      </TabPanel>
    </Paper>
  );
}
