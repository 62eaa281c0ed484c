import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allCommentsKey } from '../../features/comments/hooks/comments-query';
import { friendKeys } from '../../features/friends/hooks/friend-keys';
import { messageKeys } from '../../features/messages/hooks/message-keys';
import { moviesKey } from '../../features/movies/hooks/movie-queries';
import { newsletterKeys } from '../../features/newsletters/hooks/newsletter-keys';
import { notificationKeys } from '../../features/notifications/hooks/use-notifications';
import { useIsOnline, useLastSeen } from '../../features/presence/hooks/use-presence';
import { presenceStore } from '../../features/presence/presence-store';
import { publicProfilesKey } from '../../features/users/hooks/use-public-profile';
import { AuthContext, type AuthState } from '../../lib/auth/auth-context';
import { runSessionEndCleanups } from '../../lib/auth/auth-events';
import {
  firstRequestServerTime,
  noteAnswer,
  noteRequestSent,
  resetFirstRequestTime,
} from '../../lib/first-request-time';
import { setToken } from '../../lib/storage';
import { fakeIo, fakeSockets } from '../../test/fake-socket';
import { fakeAuth, testQueryClient } from '../../test/render';
import { UserMenu } from '../layouts/user-menu';
import { AppProviders } from '../providers/app-providers';
import { RealtimeBridge } from './realtime-bridge';
import { RealtimeGate } from './realtime-gate';

const friend = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';

const calls = {
  friendCount: 0,
  unread: 0,
  messagesUnread: 0,
  comments: 0,
  notifications: 0,
  profile: 0,
  collection: 0,
};
/** Two cached queries the live events must refresh, plus a presence read-out. */
function Probe() {
  useQuery({ queryKey: friendKeys.count, queryFn: () => ++calls.friendCount });
  useQuery({ queryKey: newsletterKeys.unreadCount, queryFn: () => ++calls.unread });
  useQuery({ queryKey: messageKeys.unread, queryFn: () => ++calls.messagesUnread });
  useQuery({ queryKey: [...notificationKeys.all, 'probe'], queryFn: () => ++calls.notifications });
  useQuery({ queryKey: [...allCommentsKey, 'film', 'f1', 'me'], queryFn: () => ++calls.comments });
  useQuery({ queryKey: [...publicProfilesKey, 'username', 'friend'], queryFn: () => ++calls.profile });
  useQuery({ queryKey: [...moviesKey, 'user', friend], queryFn: () => ++calls.collection });
  const online = useIsOnline(friend);
  const { lastSeen } = useLastSeen(friend);
  return <output data-testid="friend">{`${online ? 'online' : 'offline'}|${lastSeen ?? '-'}`}</output>;
}

function setup(auth: AuthState) {
  const client = testQueryClient();
  const tree = (value: AuthState) => {
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <RealtimeBridge />
            <Probe />
            <UserMenu />
          </>
        ),
      },
    ]);
    return (
      <AppProviders queryClient={client}>
        <AuthContext.Provider value={value}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </AppProviders>
    );
  };
  const utils = render(tree(auth));
  return { client, rerender: (value: AuthState) => utils.rerender(tree(value)) };
}

const socket = () => {
  const found = fakeSockets.at(-1);
  if (!found) throw new Error('no socket');
  return found;
};
const settle = () => act(() => vi.dynamicImportSettled());

beforeEach(() => {
  calls.friendCount = 0;
  calls.unread = 0;
  calls.messagesUnread = 0;
  calls.comments = 0;
  calls.notifications = 0;
  calls.profile = 0;
  calls.collection = 0;
});
afterEach(() => {
  act(() => presenceStore.reset());
  // The page's first request time is the module's own: each test starts without one.
  resetFirstRequestTime();
});

describe('the realtime socket connects only for a signed-in member with a stored token', () => {
  it('no socket for a visitor, even with a token in storage', async () => {
    setToken('tok');
    setup(fakeAuth({ isLoggedIn: false, userId: null, username: null }));
    await settle();
    expect(fakeSockets).toHaveLength(0);
  });

  it('no socket without a user id (the profile has not arrived)', async () => {
    setToken('tok');
    setup(fakeAuth({ userId: null }));
    await settle();
    expect(fakeSockets).toHaveLength(0);
  });

  it('no socket without a stored token', async () => {
    setup(fakeAuth());
    await settle();
    expect(fakeSockets).toHaveLength(0);
  });

  it('connects with the stored token when logged in with a user id, and closes on logout', async () => {
    setToken('tok');
    const { rerender } = setup(fakeAuth());
    await settle();
    expect(fakeSockets).toHaveLength(1);
    expect(fakeIo).toHaveBeenLastCalledWith(
      expect.any(String),
      expect.objectContaining({ auth: { token: 'tok' }, withCredentials: true }),
    );
    act(() => socket().serverConnect());
    expect(socket().sent('user:online')).toEqual([{ userId: fakeAuth().userId }]);

    rerender(fakeAuth({ isLoggedIn: false, userId: null }));
    expect(socket().disconnectCalls).toBe(1);
    expect(presenceStore.getSnapshot().connected).toBe(false);
  });

  it('an ended session (onSessionEnd) closes the socket and forgets presence', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    act(() => {
      socket().serverConnect();
      socket().serverSend('users:online', [friend]);
    });
    expect(screen.getByTestId('friend')).toHaveTextContent('online');
    act(() => runSessionEndCleanups());
    expect(socket().disconnectCalls).toBe(1);
    expect(presenceStore.getSnapshot().online.size).toBe(0);
    expect(screen.getByTestId('friend')).toHaveTextContent('offline|-');
  });
});

describe('presence from the socket', () => {
  it('users:online, user:offline with lastSeen, user:online', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    act(() => socket().serverConnect());
    act(() => socket().serverSend('users:online', [friend]));
    expect(screen.getByTestId('friend')).toHaveTextContent('online|-');
    act(() => socket().serverSend('user:offline', { userId: friend, lastSeen: '2025-03-20T10:00:00.000Z' }));
    expect(screen.getByTestId('friend')).toHaveTextContent('offline|2025-03-20T10:00:00.000Z');
    act(() => socket().serverSend('user:online', { userId: friend }));
    expect(screen.getByTestId('friend')).toHaveTextContent('online|2025-03-20T10:00:00.000Z');
  });

  it('a friend who is offline on connect is asked about once; the answer is shown', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    act(() => {
      socket().serverConnect();
      socket().serverSend('users:online', []);
    });
    expect(socket().sent('user:lastSeen')).toEqual([{ userId: friend }]);
    act(() => socket().serverSend('user:lastSeenResponse', { userId: friend, lastSeen: '2025-01-01T00:00:00.000Z' }));
    expect(screen.getByTestId('friend')).toHaveTextContent('offline|2025-01-01T00:00:00.000Z');
    expect(socket().sent('user:lastSeen')).toHaveLength(1);
  });

  it('the header menu says İndi onlayn while connected and Offlayn when not', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Hesab menyusu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Offlayn')).toBeInTheDocument();
    act(() => socket().serverConnect());
    expect(within(menu).getByText('İndi onlayn')).toBeInTheDocument();
    act(() => socket().serverDisconnect('transport close'));
    expect(within(menu).getByText('Offlayn')).toBeInTheDocument();
  });
});

describe('live updates', () => {
  it('friend:request refreshes the friend queries and shows a toast', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.friendCount).toBe(1));
    act(() =>
      socket().serverSend('friend:request', {
        requestId: 'r1',
        sender: { id: stranger, username: 'aysel', avatar_url: null },
      }),
    );
    await waitFor(() => expect(calls.friendCount).toBe(2));
    expect(await screen.findByText('aysel sizə dostluq istəyi göndərib')).toBeInTheDocument();
    expect(calls.unread).toBe(1);
  });

  it.each([
    ['friend:accepted', { requestId: 'r1', userId: stranger }],
    ['friend:removed', { userId: stranger }],
  ])('%s refreshes the friend queries', async (event, payload) => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.friendCount).toBe(1));
    act(() => socket().serverSend(event, payload));
    await waitFor(() => expect(calls.friendCount).toBe(2));
  });

  it('friend:removed forgets the former friend: out of the online set, no last seen kept, messages fetched again', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.messagesUnread).toBe(1));
    act(() => {
      socket().serverConnect();
      socket().serverSend('users:online', [friend]);
      socket().serverSend('user:offline', { userId: friend, lastSeen: '2025-03-20T10:00:00.000Z' });
      socket().serverSend('users:online', [friend]);
    });
    expect(screen.getByTestId('friend')).toHaveTextContent('online|2025-03-20T10:00:00.000Z');
    act(() => socket().serverSend('friend:removed', { userId: friend }));
    expect(screen.getByTestId('friend')).toHaveTextContent('offline|-');
    await waitFor(() => expect(calls.messagesUnread).toBe(2));
  });

  it('profile:changed fetches the member again; with presence: false their presence is forgotten too', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect([calls.profile, calls.collection]).toEqual([1, 1]));
    act(() => {
      socket().serverConnect();
      socket().serverSend('users:online', [friend]);
    });
    expect(screen.getByTestId('friend')).toHaveTextContent('online|-');
    // A new avatar or name: fetched again, presence untouched.
    act(() => socket().serverSend('profile:changed', { userId: friend }));
    await waitFor(() => expect([calls.profile, calls.collection]).toEqual([2, 2]));
    expect(screen.getByTestId('friend')).toHaveTextContent('online|-');
    // No longer public, and we are not their friend: neither online nor a last seen is ours now.
    act(() => socket().serverSend('profile:changed', { userId: friend, presence: false }));
    expect(screen.getByTestId('friend')).toHaveTextContent('offline|-');
    await waitFor(() => expect([calls.profile, calls.collection]).toEqual([3, 3]));
  });

  it("a verdict on the member's comment refreshes the comments on screen; another notification does not", async () => {
    setToken('tok');
    const { client } = setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.comments).toBe(1));
    // refetchAfterChange starts by cancelling, at once: a refresh of the comments would show here.
    const cancel = vi.spyOn(client, 'cancelQueries');
    const notification = (type: string) => ({
      notification: { id: `n-${type}`, type, read: false, created_at: '2025-03-20T10:00:00.000Z' },
    });
    act(() => socket().serverSend('notification:new', notification('friend_accepted')));
    expect(cancel).not.toHaveBeenCalledWith(expect.objectContaining({ queryKey: allCommentsKey }));
    act(() => socket().serverSend('notification:new', notification('comment_approved')));
    await waitFor(() => expect(calls.comments).toBe(2));
    act(() => socket().serverSend('notification:new', notification('comment_rejected')));
    await waitFor(() => expect(calls.comments).toBe(3));
  });

  it("reads in the member's other tab reach this one: messages, notifications, newsletters", async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.messagesUnread).toBe(1));
    await waitFor(() => expect(calls.notifications).toBe(1));
    // A friend reading the member's messages changes none of the member's own counts.
    act(() => socket().serverSend('message:read', { by: friend, other: fakeAuth().userId as string, upTo: 'm1' }));
    // I read the friend's messages in another tab: my unread count is fetched again.
    act(() => socket().serverSend('message:read', { by: fakeAuth().userId as string, other: friend, upTo: 'm2' }));
    await waitFor(() => expect(calls.messagesUnread).toBe(2));
    act(() => socket().serverSend('notifications:read'));
    await waitFor(() => expect(calls.notifications).toBe(2));
    act(() => socket().serverSend('newsletters:viewed'));
    await waitFor(() => expect(calls.unread).toBe(2));
    expect(calls.messagesUnread).toBe(2);
  });

  it('newsletter:created and newsletter:changed refresh every newsletter query', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect(calls.unread).toBe(1));
    act(() =>
      socket().serverSend('newsletter:created', {
        id: 'n1',
        title: 'Yeni',
        is_important: false,
        created_at: '2025-03-20T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(calls.unread).toBe(2));
    expect(calls.friendCount).toBe(1);
    // Edited or deleted: a deleted one must leave the header's list and count.
    act(() => socket().serverSend('newsletter:changed', { id: 'n1' }));
    await waitFor(() => expect(calls.unread).toBe(3));
  });

  it('the first connect tells the server when the page fetched from, and refetches only when the server says so', async () => {
    // The page's first API request, answered by a server whose clock is a minute ahead of ours.
    const sentAt = Date.now();
    noteRequestSent();
    noteAnswer(new Response(null, { headers: { date: new Date(sentAt + 61_000).toUTCString() } }));
    const since = firstRequestServerTime() as number;
    expect(since).toBeGreaterThanOrEqual(sentAt + 59_000);
    expect(since).toBeLessThanOrEqual(sentAt + 61_000);
    setToken('tok');
    setup(fakeAuth());
    await settle();
    expect(socket().auth).toEqual({ token: 'tok', since });
    await waitFor(() => expect([calls.friendCount, calls.unread, calls.messagesUnread]).toEqual([1, 1, 1]));
    act(() => socket().serverConnect());
    // A round of React's and the queries' work, in which a refetch would have started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect([calls.friendCount, calls.unread, calls.messagesUnread]).toEqual([1, 1, 1]);
    // A friend's request went out before the socket connected: the server says resync.
    act(() => socket().serverSend('realtime:resync'));
    await waitFor(() => expect([calls.friendCount, calls.unread, calls.messagesUnread]).toEqual([2, 2, 2]));
  });

  it('realtime:resync (the server lost events for us) refetches the friend and newsletter queries', async () => {
    setToken('tok');
    setup(fakeAuth());
    await settle();
    await waitFor(() => expect([calls.friendCount, calls.unread]).toEqual([1, 1]));
    act(() => socket().serverSend('realtime:resync'));
    await waitFor(() => expect([calls.friendCount, calls.unread]).toEqual([2, 2]));
  });
});

describe('RealtimeGate (the lazy owner of the socket)', () => {
  const renderGate = (auth: AuthState) =>
    render(
      <AppProviders queryClient={testQueryClient()}>
        <AuthContext.Provider value={auth}>
          <RealtimeGate />
        </AuthContext.Provider>
      </AppProviders>,
    );

  it('loads nothing for a visitor', async () => {
    setToken('tok');
    renderGate(fakeAuth({ isLoggedIn: false, userId: null }));
    await settle();
    expect(fakeSockets).toHaveLength(0);
  });

  it('mounts the bridge for a member, which opens the socket', async () => {
    setToken('tok');
    renderGate(fakeAuth());
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
  });
});
