import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../app/pages/dashboard-page';
import { MessageThreadPage } from '../app/pages/message-thread-page';
import { MessagesPage } from '../app/pages/messages-page';
import { MoviePage } from '../app/pages/movie-page';
import { PublicProfilePage } from '../app/pages/public-profile-page';
import { FriendsActivity } from '../features/feed/components/friends-activity';
import { FriendsTabs } from '../features/friends/components/friends-tabs';
import { fakeFriendsServer, friendOf, orxan } from '../features/friends/testing/fake-friends-server';
import { BlockedList } from '../features/privacy/components/blocked-list';
import { stubFetch } from '../test/fetch-router';
import { makeMovie, otherMember, paged } from '../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../test/render';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});
afterEach(() => onlineManager.setOnline(true));

const offlineTitle = 'İnternet bağlantısı yoxdur';
const offlineText = 'Bağlantı bərpa olunan kimi siyahı özü yenilənəcək.';
const goOffline = () => act(() => onlineManager.setOnline(false));
const goOnline = () => act(() => onlineManager.setOnline(true));

describe('lists without a network', () => {
  it('a search typed offline says so instead of skeletons, and runs when the connection is back', async () => {
    const nargin = makeMovie({ title: 'Nargin' });
    const hit = { ...makeMovie({ title: 'Bir Səhər Yeli', owner: otherMember }), score: 0.9 };
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/movies/search/seher': () => jsonResponse(paged([hit])),
    });
    renderWithApp(<DashboardPage />, { route: '/dashboard', auth: fakeAuth() });
    await screen.findByText('Nargin');

    goOffline();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Film axtar' }), 'seher');
    const results = await screen.findByRole('region', { name: 'Bütün kolleksiyalarda "seher" üzrə nəticələr' });
    const notice = await within(results).findByRole('status');
    expect(notice).toHaveTextContent(`${offlineTitle}${offlineText}`);
    expect(screen.queryByTestId('search-skeleton')).not.toBeInTheDocument();
    expect(api.calls().filter((call) => call.includes('/search/'))).toEqual([]);

    goOnline();
    expect(await within(results).findByRole('link', { name: 'Bir Səhər Yeli' })).toBeInTheDocument();
    expect(within(results).queryByText(offlineTitle)).not.toBeInTheDocument();
    expect(api.calls().filter((call) => call.includes('/search/'))).toEqual([
      'GET /api/movies/search/seher?page=1&limit=20',
    ]);
  });

  it('a list opened offline (the friends list) shows the offline state, then its rows', async () => {
    fakeFriendsServer({ people: [orxan], friends: [friendOf(orxan, 1)] });
    goOffline();
    renderWithApp(<FriendsTabs />, { route: '/friends', auth: fakeAuth() });
    expect(await screen.findByText(offlineTitle)).toBeInTheDocument();
    expect(screen.queryByTestId('friends-loading')).not.toBeInTheDocument();
    goOnline();
    expect(await screen.findByText('orxan')).toBeInTheDocument();
    expect(screen.queryByText(offlineTitle)).not.toBeInTheDocument();
  });

  it.each([
    [
      'the friends’ activity',
      () => <FriendsActivity />,
      'GET /api/feed',
      { success: true, data: [], next_cursor: null },
      /^Hələ heç bir fəaliyyət yoxdur\./,
    ],
    [
      'the conversations',
      () => <MessagesPage />,
      'GET /api/messages',
      { success: true, data: [] },
      /^Hələ heç bir yazışma yoxdur\./,
    ],
    [
      'the blocked list',
      () => <BlockedList />,
      'GET /api/user/blocks',
      { success: true, data: [] },
      'Heç kimi bloklamamısınız.',
    ],
  ] as const)(
    '%s, opened offline, shows the offline state instead of its skeleton, then its rows',
    async (_name, list, route, body, empty) => {
      const api = stubFetch({ [route]: () => jsonResponse(body) });
      goOffline();
      renderWithApp(list(), { route: '/', auth: fakeAuth() });
      expect(await screen.findByText(offlineTitle)).toBeInTheDocument();
      expect(api.calls()).toEqual([]);
      goOnline();
      expect(await screen.findByText(empty)).toBeInTheDocument();
      expect(screen.queryByText(offlineTitle)).not.toBeInTheDocument();
    },
  );

  const someone = '5a0e2b1c-9a55-4c7e-8f0e-3c3b9c1d2e4f';
  it.each([
    ['a movie page', '/movie/:movieId', () => <MoviePage />],
    ['a member’s profile', '/user/:userId', () => <PublicProfilePage />],
    ['a conversation', '/messages/:userId', () => <MessageThreadPage />],
  ] as const)(
    '%s reached without a network says the page waits for it, and asks for nothing',
    async (_name, path, page) => {
      const api = stubFetch({});
      goOffline();
      renderWithApp(<span />, {
        route: path.replace(/:\w+/, someone),
        auth: fakeAuth(),
        routes: [{ path, element: page() }],
      });
      expect(await screen.findByText('Bağlantı bərpa olunan kimi səhifə özü yüklənəcək.')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(api.calls()).toEqual([]);
    },
  );
});
