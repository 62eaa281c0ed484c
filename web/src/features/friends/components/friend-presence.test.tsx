import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FriendsPage } from '../../../app/pages/friends-page';
import { fakeAuth, renderWithApp } from '../../../test/render';
import { presenceStore } from '../../presence/presence-store';
import { aysel, fakeFriendsServer, friendOf, incomingFrom, kamran, orxan, tural } from '../testing/fake-friends-server';

const requested: string[] = [];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  fakeFriendsServer({
    people: [aysel, orxan, tural, kamran],
    friends: [friendOf(kamran, 1), friendOf(orxan, 2)],
    incoming: [incomingFrom(aysel, 3)],
    outgoing: [],
  });
  requested.length = 0;
  presenceStore.setRequester((id) => requested.push(id));
});
afterEach(() => act(() => presenceStore.reset()));

const row = (name: string) => {
  const found = screen
    .getAllByTestId('friend-row')
    .find((item) => within(item).queryByRole('link', { name })?.textContent === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};
const dot = (element: HTMLElement) => element.querySelector('[data-online]');

describe('/friends with presence', () => {
  it('a friend online has the green dot and İndi onlayn; one offline gets asked about and shows the last seen', async () => {
    act(() => {
      presenceStore.setConnected(true);
      presenceStore.setOnlineList([kamran.id]);
    });
    renderWithApp(<FriendsPage />, { route: '/friends', auth: fakeAuth() });
    await screen.findByRole('link', { name: 'orxan' });
    expect(dot(row('kamran'))).toHaveAttribute('data-online', 'true');
    expect(within(row('kamran')).getByTestId('presence-text')).toHaveTextContent('İndi onlayn');
    expect(dot(row('orxan'))).toHaveAttribute('data-online', 'false');
    expect(requested).toEqual([orxan.id]); // never about someone online

    act(() => presenceStore.recordLastSeen(orxan.id, new Date(Date.now() - 5 * 60_000).toISOString()));
    expect(within(row('orxan')).getByTestId('last-seen')).toHaveTextContent('5 dəqiqə əvvəl');

    act(() => presenceStore.markOffline(kamran.id, new Date().toISOString()));
    expect(dot(row('kamran'))).toHaveAttribute('data-online', 'false');
    expect(within(row('kamran')).getByTestId('last-seen')).toHaveTextContent('Az öncə');
    expect(requested).toEqual([orxan.id]);
  });

  it('request rows show the dot the client knows, without asking the server', async () => {
    act(() => {
      presenceStore.setConnected(true);
      presenceStore.markOnline(aysel.id);
    });
    renderWithApp(<FriendsPage />, { route: '/friends?tab=incoming', auth: fakeAuth() });
    await screen.findByRole('link', { name: 'aysel' });
    expect(dot(row('aysel'))).toHaveAttribute('data-online', 'true');
    expect(within(row('aysel')).queryByTestId('presence-text')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /^Dostlar/ }));
    await waitFor(() => expect(requested.sort()).toEqual([kamran.id, orxan.id].sort()));
  });
});
