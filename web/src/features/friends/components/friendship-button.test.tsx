import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicProfilePage } from '../../../app/pages/public-profile-page';
import { fakeAuth, renderWithApp } from '../../../test/render';
import {
  aysel,
  type FakeFriendsServer,
  fakeFriendsServer,
  friendOf,
  incomingFrom,
  json,
  me,
  outgoingTo,
} from '../testing/fake-friends-server';
import { FriendshipButton } from './friendship-button';

let server: FakeFriendsServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  server = fakeFriendsServer({ people: [aysel] });
});

const show = (auth = fakeAuth({ userId: me.id })) =>
  renderWithApp(<FriendshipButton userId={aysel.id} username="aysel" />, { route: `/user/${aysel.id}`, auth });
const region = () => screen.findByRole('region', { name: 'Dostluq' });

describe('the profile friendship button follows the status (issue 4)', () => {
  it("none: 'Dost əlavə et' sends a request, says so, and turns into cancel", async () => {
    show();
    const add = await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' });
    expect(add).toHaveTextContent('Dost əlavə et');
    await userEvent.click(add);
    expect(await screen.findByText('Dostluq istəyi göndərildi')).toBeInTheDocument();
    expect(server.callsTo('POST').map((c) => c.url)).toEqual([`/api/friends/request/${aysel.id}`]);
    const cancel = await screen.findByRole('button', { name: 'aysel istifadəçisinə göndərilən istəyi ləğv et' });
    expect(cancel).toHaveTextContent('İstəyi ləğv et');
    expect(await within(await region()).findByText('Dostluq istəyi göndərilib')).toBeInTheDocument();
  });

  it('pending outgoing: cancel takes the request back', async () => {
    server.state.outgoing = [outgoingTo(aysel, 1)];
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə göndərilən istəyi ləğv et' }),
    );
    expect(await screen.findByText('Dostluq istəyi ləğv edildi')).toBeInTheDocument();
    expect(server.callsTo('DELETE').map((c) => c.url)).toEqual([`/api/friends/requests/${outgoingTo(aysel, 1).id}`]);
    expect(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
  });

  it('pending incoming: accept makes you friends', async () => {
    server.state.incoming = [incomingFrom(aysel, 1)];
    show();
    expect(await within(await region()).findByText('Sizə dostluq istəyi göndərib')).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'aysel istifadəçisinin dostluq istəyini qəbul et' }),
    );
    expect(await screen.findByText('Dostluq istəyi qəbul edildi')).toBeInTheDocument();
    expect(server.callsTo('PUT').map((c) => c.url)).toEqual([`/api/friends/accept/${incomingFrom(aysel, 1).id}`]);
    expect(await screen.findByRole('button', { name: 'aysel istifadəçisini dostlardan çıxar' })).toBeInTheDocument();
  });

  it('pending incoming: reject declines it', async () => {
    server.state.incoming = [incomingFrom(aysel, 1)];
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'aysel istifadəçisinin dostluq istəyini rədd et' }),
    );
    expect(await screen.findByText('Dostluq istəyi rədd edildi')).toBeInTheDocument();
    expect(server.callsTo('PUT').map((c) => c.url)).toEqual([`/api/friends/reject/${incomingFrom(aysel, 1).id}`]);
    expect(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
  });

  it('accepted: remove asks for confirmation, then removes', async () => {
    server.state.friends = [friendOf(aysel, 1)];
    show();
    expect(await within(await region()).findByText('Siz dostsunuz')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'aysel istifadəçisini dostlardan çıxar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dostluq əlaqəsi silinsin?' });
    expect(server.callsTo('DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Dostluq əlaqəsi silindi')).toBeInTheDocument();
    expect(server.callsTo('DELETE').map((c) => c.url)).toEqual([`/api/friends/${aysel.id}`]);
    expect(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
  });

  it('a 409 on send shows the server text', async () => {
    server.override(`POST /api/friends/request/${aysel.id}`, () =>
      json({ success: false, error: 'Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir', code: 'CONFLICT' }, 409),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }));
    expect(await screen.findByText('Bu istifadəçiyə artıq dostluq istəyi göndərilmişdir')).toBeInTheDocument();
  });

  it("a failed status shows 'Xəta baş verdi' with a retry", async () => {
    server.override(`GET /api/friends/status/${aysel.id}`, () => json({ success: false, error: 'x' }, 500));
    show();
    expect(await screen.findByText('Xəta baş verdi')).toBeInTheDocument();
    server.override(`GET /api/friends/status/${aysel.id}`, () =>
      json({ status: 'none', message: 'Dostluq istəyi göndərə bilərsiniz', actionable: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yenidən cəhd et' }));
    expect(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
  });

  it('nothing on your own profile', () => {
    renderWithApp(<FriendshipButton userId={me.id} username="leyla" />, { auth: fakeAuth({ userId: me.id }) });
    expect(screen.queryByRole('region', { name: 'Dostluq' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('a visitor gets a login prompt, and the button shows the guard text without a call', async () => {
    localStorage.removeItem('token');
    show(fakeAuth({ isLoggedIn: false, userId: null, username: null }));
    const section = await region();
    expect(within(section).getByText(/Dostluq istəyi göndərmək üçün hesabınıza daxil olun/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Daxil ol' })).toHaveAttribute('href', '/login');
    await userEvent.click(within(section).getByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }));
    expect(await screen.findByText('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});

describe('the public profile page carries the button', () => {
  const profile = { ...aysel, isAdmin: false, created_at: '2025-03-04T10:00:00.000Z' };

  it.each([
    [`/user/${aysel.id}`, `GET /api/user/profile/${aysel.id}`],
    ['/user/username/aysel', 'GET /api/user/profile/username/aysel'],
  ])('on %s', async (route, call) => {
    server.override(call, () => json(profile));
    renderWithApp(<div />, {
      route,
      auth: fakeAuth({ userId: me.id }),
      routes: [
        { path: '/user/:userId', element: <PublicProfilePage /> },
        { path: '/user/username/:username', element: <PublicProfilePage /> },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'aysel' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'aysel istifadəçisinə dostluq istəyi göndər' }),
    ).toBeInTheDocument();
    expect(server.callsTo(`GET /api/friends/status/${aysel.id}`)).toHaveLength(1);
  });

  it('not on your own', async () => {
    server.override(`GET /api/user/profile/${me.id}`, () =>
      json({ ...me, isAdmin: false, created_at: profile.created_at }),
    );
    renderWithApp(<div />, {
      route: `/user/${me.id}`,
      auth: fakeAuth({ userId: me.id }),
      routes: [{ path: '/user/:userId', element: <PublicProfilePage /> }],
    });
    expect(await screen.findByText('Bu sizin profilinizdir')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dostluq' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/friends/status')).toEqual([]));
  });
});
