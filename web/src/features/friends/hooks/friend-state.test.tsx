import { useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/app-providers';
import { type AuthState, useAuth } from '../../../lib/auth/auth-context';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { fakeAuth, renderWithApp, testQueryClient } from '../../../test/render';
import {
  aysel,
  type FakeFriendsServer,
  fakeFriendsServer,
  friendOf,
  incomingFrom,
  json,
  me,
  nigar,
  orxan,
  outgoingTo,
  tural,
} from '../testing/fake-friends-server';
import { useFriendActions } from './use-friend-actions';
import { useFriendsList, useIncomingList, useOutgoingList, usePendingCount } from './use-friend-queries';
import { useFriendshipStatus } from './use-friendship-status';

/** Shows the client's friend state and offers every action. */
function FriendState() {
  const friends = useFriendsList();
  const incoming = useIncomingList();
  const outgoing = useOutgoingList();
  const count = usePendingCount();
  const actions = useFriendActions();
  return (
    <div>
      <output data-testid="friends">{friends.items.map((f) => f.username).join(',')}</output>
      <output data-testid="incoming">{incoming.items.map((r) => r.sender.username).join(',')}</output>
      <output data-testid="outgoing">{outgoing.items.map((r) => r.receiver.username).join(',')}</output>
      <output data-testid="count">{count}</output>
      <button type="button" onClick={() => actions.send(tural.id)}>
        send tural
      </button>
      <button type="button" onClick={() => actions.send(aysel.id)}>
        send aysel
      </button>
      <button type="button" onClick={() => actions.accept(incomingFrom(aysel, 1).id)}>
        accept aysel
      </button>
      <button type="button" onClick={() => actions.reject(incomingFrom(orxan, 2).id)}>
        reject orxan
      </button>
      <button type="button" onClick={() => actions.cancel(outgoingTo(nigar, 3).id)}>
        cancel nigar
      </button>
      <button type="button" onClick={() => actions.remove(friendOf(orxan, 4).id)}>
        remove orxan
      </button>
    </div>
  );
}

let auth: AuthState;
let cacheKeys: () => string[];
function Probe() {
  auth = useAuth();
  const client = useQueryClient();
  cacheKeys = () =>
    client
      .getQueryCache()
      .getAll()
      .map((query) => JSON.stringify(query.queryKey));
  return auth.isLoggedIn ? <FriendState /> : <output data-testid="logged-out">out</output>;
}

function Status({ userId }: { userId: string }) {
  const { status, isLoading, refetch } = useFriendshipStatus(userId);
  return (
    <div>
      <output data-testid="status">{isLoading ? 'loading' : `${status?.status}|${status?.message}`}</output>
      <button type="button" onClick={refetch}>
        again
      </button>
    </div>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
let server: FakeFriendsServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  server = fakeFriendsServer({
    people: [aysel, orxan, tural, nigar],
    incoming: [incomingFrom(aysel, 1), incomingFrom(orxan, 2)],
    outgoing: [outgoingTo(nigar, 3)],
  });
});

const start = async (auth: AuthState = fakeAuth()) => {
  renderWithApp(<FriendState />, { auth });
  await waitFor(() => expect(text('incoming')).toBe('aysel,orxan'));
  await waitFor(() => expect(text('count')).toBe('2'));
};

describe('the client friend state', () => {
  it('loads friends, incoming and outgoing requests and the pending count', async () => {
    server.state.friends = [friendOf(orxan, 4)];
    await start();
    expect(text('friends')).toBe('orxan');
    expect(text('outgoing')).toBe('nigar');
  });

  it("after send the outgoing list refreshes and 'Dostluq istəyi göndərildi' shows", async () => {
    await start();
    await userEvent.click(screen.getByRole('button', { name: 'send tural' }));
    expect(await screen.findByText('Dostluq istəyi göndərildi')).toBeInTheDocument();
    await waitFor(() => expect(text('outgoing')).toBe('tural,nigar'));
    expect(server.callsTo('POST /api/friends/request/')).toHaveLength(1);
  });

  it('when send answers accepted the friends list refreshes (they had already asked)', async () => {
    await start();
    expect(text('friends')).toBe('');
    const friendFetches = server.callsTo('GET /api/friends?').length;
    await userEvent.click(screen.getByRole('button', { name: 'send aysel' }));
    await waitFor(() => expect(text('friends')).toBe('aysel'));
    expect(server.callsTo('GET /api/friends?').length).toBeGreaterThan(friendFetches);
    expect(await screen.findByText('Dostluq istəyi qəbul edildi')).toBeInTheDocument();
    await waitFor(() => expect(text('incoming')).toBe('orxan'));
    expect(text('count')).toBe('1');
  });

  it('after accept the requests, the count and the friends list refresh', async () => {
    await start();
    await userEvent.click(screen.getByRole('button', { name: 'accept aysel' }));
    expect(await screen.findByText('Dostluq istəyi qəbul edildi')).toBeInTheDocument();
    await waitFor(() => expect(text('incoming')).toBe('orxan'));
    expect(text('count')).toBe('1');
    expect(text('friends')).toBe('aysel');
    expect(server.callsTo(`PUT /api/friends/accept/${incomingFrom(aysel, 1).id}`)).toHaveLength(1);
  });

  it('after reject the requests and the count refresh', async () => {
    await start();
    await userEvent.click(screen.getByRole('button', { name: 'reject orxan' }));
    expect(await screen.findByText('Dostluq istəyi rədd edildi')).toBeInTheDocument();
    await waitFor(() => expect(text('incoming')).toBe('aysel'));
    expect(text('count')).toBe('1');
    expect(text('friends')).toBe('');
  });

  it('after cancel and remove the lists refresh', async () => {
    server.state.friends = [friendOf(orxan, 4)];
    await start();
    await userEvent.click(screen.getByRole('button', { name: 'cancel nigar' }));
    expect(await screen.findByText('Dostluq istəyi ləğv edildi')).toBeInTheDocument();
    await waitFor(() => expect(text('outgoing')).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'remove orxan' }));
    expect(await screen.findByText('Dostluq əlaqəsi silindi')).toBeInTheDocument();
    await waitFor(() => expect(text('friends')).toBe(''));
  });

  it("failures show the product's exact texts as toasts", async () => {
    await start();
    server.override(`POST /api/friends/request/${tural.id}`, () =>
      json({ success: false, error: 'Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir', code: 'CONFLICT' }, 409),
    );
    await userEvent.click(screen.getByRole('button', { name: 'send tural' }));
    expect(await screen.findByText('Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir')).toBeInTheDocument();
    server.override(`PUT /api/friends/accept/${incomingFrom(aysel, 1).id}`, () => json({ success: false }, 500));
    await userEvent.click(screen.getByRole('button', { name: 'accept aysel' }));
    expect(await screen.findByText('Dostluq istəyi qəbul edilə bilmədi')).toBeInTheDocument();
    server.override(`PUT /api/friends/reject/${incomingFrom(orxan, 2).id}`, () => json({ success: false }, 500));
    await userEvent.click(screen.getByRole('button', { name: 'reject orxan' }));
    expect(await screen.findByText('Dostluq istəyi rədd edilə bilmədi')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'remove orxan' }));
    expect(await screen.findByText('Dostluq əlaqəsi silinə bilmədi')).toBeInTheDocument();
    // Nothing was lost: the lists are as they were.
    expect(text('incoming')).toBe('aysel,orxan');
  });

  it('logged out: every action shows the guard text and nothing is sent', async () => {
    localStorage.removeItem('token');
    renderWithApp(<FriendState />, { auth: fakeAuth({ isLoggedIn: false, userId: null, username: null }) });
    for (const name of ['send tural', 'accept aysel', 'reject orxan', 'remove orxan']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(await screen.findByText('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır')).toBeInTheDocument();
    expect(text('count')).toBe('0');
    expect(text('incoming')).toBe('');
    expect(server.calls).toEqual([]);
  });
});

describe('logout clears friends, requests and the count', () => {
  it('forgets every friend answer and asks nothing more', async () => {
    server.state.friends = [friendOf(orxan, 4)];
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <AuthProvider>
            <Probe />
          </AuthProvider>
        ),
      },
    ]);
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(text('count')).toBe('2'));
    await waitFor(() => expect(text('friends')).toBe('orxan'));
    expect(cacheKeys().filter((key) => key.startsWith('["friends"'))).not.toEqual([]);

    act(() => auth.logout());
    expect(screen.getByTestId('logged-out')).toBeInTheDocument();
    expect(cacheKeys().filter((key) => key.startsWith('["friends"'))).toEqual([]);
    const callsAtLogout = server.calls.length;

    // The next member starts from nothing: no list of the one before shows while theirs loads.
    server.state.incoming = [];
    server.state.friends = [];
    server.override('GET /api/friends/requests/count', () => new Promise<Response>(() => {}));
    act(() => auth.login('other-token'));
    await waitFor(() => expect(screen.getByTestId('count')).toBeInTheDocument());
    expect(text('friends')).toBe('');
    expect(text('incoming')).toBe('');
    expect(text('count')).toBe('0');
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(callsAtLogout));
    expect(server.calls.slice(callsAtLogout).every((call) => call.auth === 'Bearer other-token')).toBe(true);
  });
});

describe('useFriendshipStatus', () => {
  it("is none with 'Öz profiliniz' for your own id, without a call", async () => {
    renderWithApp(<Status userId={me.id} />, { auth: fakeAuth({ userId: me.id }) });
    expect(text('status')).toBe('none|Öz profiliniz');
    expect(server.calls).toEqual([]);
  });

  it("is none with 'Giriş edilməmişdir' when logged out, without a call", async () => {
    localStorage.removeItem('token');
    renderWithApp(<Status userId={aysel.id} />, { auth: fakeAuth({ isLoggedIn: false, userId: null }) });
    expect(text('status')).toBe('none|Giriş edilməmişdir');
    expect(server.calls).toEqual([]);
  });

  it("is none with 'Xəta baş verdi' when the call fails, and can ask again", async () => {
    server.override(`GET /api/friends/status/${aysel.id}`, () => json({ success: false, error: 'Daxili xəta' }, 500));
    renderWithApp(<Status userId={aysel.id} />, { auth: fakeAuth({ userId: me.id }) });
    await waitFor(() => expect(text('status')).toBe('none|Xəta baş verdi'));
    server.override(`GET /api/friends/status/${aysel.id}`, () =>
      json({ status: 'accepted', message: 'Siz dostsunuz', actionable: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'again' }));
    await waitFor(() => expect(text('status')).toBe('accepted|Siz dostsunuz'));
  });

  it("follows the server's answer otherwise", async () => {
    server.state.outgoing = [outgoingTo(tural, 3)];
    renderWithApp(<Status userId={tural.id} />, { auth: fakeAuth({ userId: me.id }) });
    await waitFor(() => expect(text('status')).toBe('pending|Dostluq istəyi göndərilib'));
  });
});
