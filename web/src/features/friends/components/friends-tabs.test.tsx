import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FriendsPage } from '../../../app/pages/friends-page';
import { fakeAuth, renderWithApp } from '../../../test/render';
import {
  aysel,
  type FakeFriendsServer,
  fakeFriendsServer,
  friendOf,
  incomingFrom,
  json,
  kamran,
  nigar,
  orxan,
  outgoingTo,
  tural,
} from '../testing/fake-friends-server';

let server: FakeFriendsServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  server = fakeFriendsServer({
    people: [aysel, orxan, tural, nigar, kamran],
    friends: [friendOf(kamran, 1), friendOf(orxan, 2)],
    incoming: [incomingFrom(aysel, 3)],
    outgoing: [outgoingTo(nigar, 4), outgoingTo(tural, 5)],
  });
});
afterEach(() => vi.useRealTimers());

const start = async (route = '/friends', state?: unknown) => {
  const utils = renderWithApp(<FriendsPage />, { route, auth: fakeAuth() });
  if (state) await act(() => utils.router.navigate(route, { state }));
  await screen.findByRole('tab', { name: 'Dostlar (2)' });
  return utils;
};
const rows = () =>
  screen.queryAllByTestId('friend-row').filter((row) => !row.closest('[aria-label="Axtarış nəticələri"]'));
const names = () => rows().map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('/friends: tabs (issue 4)', () => {
  it('shows friends, incoming and outgoing tabs with their counts; friends first', async () => {
    await start();
    expect(screen.getByRole('heading', { level: 1, name: 'Dost siyahısı' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dostlar (2)', 'Gələn istəklər (1)', 'Göndərilən istəklər (2)']);
    expect(screen.getByRole('tab', { name: 'Dostlar (2)' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(names()).toEqual(['kamran', 'orxan']));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Dostlar (2)');
  });

  it('each person links to their profile and has a status avatar', async () => {
    await start();
    await waitFor(() => expect(names()).toEqual(['kamran', 'orxan']));
    const [first] = rows() as [HTMLElement];
    expect(within(first).getByRole('link', { name: 'kamran' })).toHaveAttribute('href', `/user/${kamran.id}`);
    // No picture: the first letter stands in. The socket is not connected, so nothing is known of
    // anyone's presence: the dot is neutral, never a false offline (docs/social.md).
    expect(within(first).getByText('K')).toBeInTheDocument();
    expect(within(first).getByText('Vəziyyəti məlum deyil')).toBeInTheDocument();
  });

  it('switching tabs lists the requests and keeps the tab in the address', async () => {
    const { router } = await start();
    await userEvent.click(screen.getByRole('tab', { name: 'Gələn istəklər (1)' }));
    await waitFor(() => expect(names()).toEqual(['aysel']));
    expect(router.state.location.search).toBe('?tab=incoming');
    await userEvent.click(screen.getByRole('tab', { name: 'Göndərilən istəklər (2)' }));
    await waitFor(() => expect(names()).toEqual(['nigar', 'tural']));
  });

  it('opens on the tab named in ?tab=, or in the state the notifications link passes', async () => {
    await start('/friends?tab=outgoing');
    expect(screen.getByRole('tab', { name: 'Göndərilən istəklər (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the link from the notifications popup opens the incoming tab', async () => {
    await start('/friends', { tab: 'incoming' });
    expect(screen.getByRole('tab', { name: 'Gələn istəklər (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the filter box narrows the current list by username', async () => {
    await start();
    await waitFor(() => expect(names()).toEqual(['kamran', 'orxan']));
    await userEvent.type(screen.getByRole('textbox', { name: 'Siyahıda axtar' }), 'ORX');
    expect(names()).toEqual(['orxan']);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Siyahıda axtar' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Siyahıda axtar' }), 'zzz');
    expect(names()).toEqual([]);
    expect(screen.getByText('"zzz" üzrə heç kim tapılmadı.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Süzgəci təmizlə' }));
    expect(names()).toEqual(['kamran', 'orxan']);
  });

  it('removing a friend asks first; cancelling the dialog removes nothing', async () => {
    await start();
    await userEvent.click(await screen.findByRole('button', { name: 'orxan istifadəçisini dostlardan çıxar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dostluq əlaqəsi silinsin?' });
    expect(within(dialog).getByText(/orxan dost siyahınızdan çıxarılacaq/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE')).toEqual([]);
  });

  it("confirming removes with DELETE /api/friends/{userId} and says 'Dostluq əlaqəsi silindi'", async () => {
    await start();
    await userEvent.click(await screen.findByRole('button', { name: 'orxan istifadəçisini dostlardan çıxar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dostluq əlaqəsi silinsin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Dostluq əlaqəsi silindi')).toBeInTheDocument();
    expect(server.callsTo('DELETE').map((c) => c.url)).toEqual([`/api/friends/${orxan.id}`]);
    await waitFor(() => expect(names()).toEqual(['kamran']));
    expect(screen.getByRole('tab', { name: 'Dostlar (1)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('accepts and rejects incoming requests in their tab', async () => {
    server.state.incoming.push(incomingFrom(tural, 6));
    await start('/friends?tab=incoming');
    await waitFor(() => expect(names()).toEqual(['aysel', 'tural']));
    await userEvent.click(screen.getByRole('button', { name: 'aysel istifadəçisinin dostluq istəyini qəbul et' }));
    expect(await screen.findByText('Dostluq istəyi qəbul edildi')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['tural']));
    expect(screen.getByRole('tab', { name: 'Dostlar (3)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'tural istifadəçisinin dostluq istəyini rədd et' }));
    expect(await screen.findByText('Dostluq istəyi rədd edildi')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual([]));
    expect(screen.getByText('Sizə gələn yeni dostluq istəyi yoxdur.')).toBeInTheDocument();
  });

  it('cancels an outgoing request with DELETE /api/friends/requests/{id}', async () => {
    await start('/friends?tab=outgoing');
    await userEvent.click(
      await screen.findByRole('button', { name: 'nigar istifadəçisinə göndərilən istəyi ləğv et' }),
    );
    expect(await screen.findByText('Dostluq istəyi ləğv edildi')).toBeInTheDocument();
    expect(server.callsTo('DELETE').map((c) => c.url)).toEqual([`/api/friends/requests/${outgoingTo(nigar, 4).id}`]);
    await waitFor(() => expect(names()).toEqual(['tural']));
  });

  it('shows the empty text of each list', async () => {
    server.state.friends = [];
    server.state.outgoing = [];
    renderWithApp(<FriendsPage />, { route: '/friends', auth: fakeAuth() });
    expect(await screen.findByText(/Hələ dostunuz yoxdur/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Göndərilən istəklər (0)' }));
    expect(screen.getByText('Cavab gözləyən dostluq istəyiniz yoxdur.')).toBeInTheDocument();
  });

  it('a failed list is empty with a notice and a retry', async () => {
    server.override('GET /api/friends', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<FriendsPage />, { route: '/friends', auth: fakeAuth() });
    expect(await screen.findByText('Siyahını yükləmək mümkün olmadı.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dostlar (0)' })).toBeInTheDocument();
    server.override('GET /api/friends', () =>
      json({ success: true, data: [friendOf(kamran, 1)], page: 1, limit: 50, total: 1 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yenidən cəhd et' }));
    await waitFor(() => expect(names()).toEqual(['kamran']));
    expect(screen.queryByText('Siyahını yükləmək mümkün olmadı.')).not.toBeInTheDocument();
  });

  it("'Daha çox göstər' loads the next page of friends", async () => {
    const many = Array.from({ length: 55 }, (_, i) => ({
      ...friendOf(
        {
          id: `50000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          username: `dost${String(i).padStart(2, '0')}`,
          avatar_url: null,
        },
        i,
      ),
    }));
    server.state.friends = many;
    renderWithApp(<FriendsPage />, { route: '/friends', auth: fakeAuth() });
    await screen.findByRole('tab', { name: 'Dostlar (55)' });
    await waitFor(() => expect(rows()).toHaveLength(50));
    await userEvent.click(screen.getByRole('button', { name: 'Daha çox göstər' }));
    await waitFor(() => expect(rows()).toHaveLength(55));
    expect(server.callsTo('GET /api/friends?page=2&limit=50')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Daha çox göstər' })).not.toBeInTheDocument();
    // 55 MUI rows in happy-dom are slow on a busy machine.
  }, 20_000);
});

describe('/friends: people search', () => {
  const search = () => screen.getByRole('searchbox', { name: 'İstifadəçi axtar' });
  const results = () => screen.findByRole('list', { name: 'Axtarış nəticələri' });

  it('asks /api/friends/people once typing stops, and offers the right button per person', async () => {
    server.state.people.push({ id: '00000000-0000-4000-8000-000000000099', username: 'ramin', avatar_url: null });
    await start();
    await userEvent.type(search(), 'n');
    const list = await results();
    // orxan and kamran (friends), nigar (my request waits), ramin (nobody yet).
    await waitFor(() => expect(within(list).getAllByTestId('friend-row')).toHaveLength(4));
    expect(server.callsTo('GET /api/friends/people').map((c) => c.url)).toEqual([
      '/api/friends/people?q=n&page=1&limit=20',
    ]);
    expect(within(list).getAllByText('Dostsunuz')).toHaveLength(2);
    expect(
      within(list).getByRole('button', { name: 'nigar istifadəçisinə göndərilən istəyi ləğv et' }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'ramin istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'orxan istifadəçisinə dostluq istəyi göndər' })).toBeNull();
    expect(screen.getByText('4 istifadəçi tapıldı')).toBeInTheDocument();
  });

  it('debounces: fast typing asks once, for the whole text', async () => {
    await start();
    await userEvent.type(search(), 'ays');
    const list = await results();
    await within(list).findByRole('link', { name: 'aysel' });
    expect(server.callsTo('GET /api/friends/people').map((c) => c.url)).toEqual([
      '/api/friends/people?q=ays&page=1&limit=20',
    ]);
    expect(
      within(list).getByRole('button', { name: 'aysel istifadəçisinin dostluq istəyini qəbul et' }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'aysel istifadəçisinin dostluq istəyini rədd et' }),
    ).toBeInTheDocument();
  });

  it("sending from the results says 'Dostluq istəyi göndərildi' and the button becomes cancel", async () => {
    server.state.people.push({ id: '00000000-0000-4000-8000-000000000099', username: 'ramin', avatar_url: null });
    await start();
    await userEvent.type(search(), 'ramin');
    const list = await results();
    await userEvent.click(
      await within(list).findByRole('button', { name: 'ramin istifadəçisinə dostluq istəyi göndər' }),
    );
    expect(await screen.findByText('Dostluq istəyi göndərildi')).toBeInTheDocument();
    expect(
      await within(list).findByRole('button', { name: 'ramin istifadəçisinə göndərilən istəyi ləğv et' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Göndərilən istəklər (3)' })).toBeInTheDocument();
  });

  it('says when nobody matches, and refuses more than 30 characters without asking', async () => {
    await start();
    await userEvent.type(search(), 'heçkim');
    expect(await screen.findByText('"heçkim" adlı istifadəçi tapılmadı.')).toBeInTheDocument();
    await userEvent.clear(search());
    await userEvent.type(search(), 'x'.repeat(31));
    expect(screen.getByText('Axtarış ən çox 30 simvol ola bilər')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo('GET /api/friends/people?q=xxx')).toEqual([]);
  });
});
