import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aysel,
  fakeFriendsServer,
  incomingFrom,
  json,
  orxan,
  tural,
} from '../../features/friends/testing/fake-friends-server';
import { fakeAuth, renderWithApp } from '../../test/render';
import { DashboardPage } from '../pages/dashboard-page';
import { MobileBottomBar } from './mobile-bottom-bar';
import { shortUserId } from './profile-dialog';

afterEach(() => vi.useRealTimers());

const openProfile = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Profil' }));
  return screen.findByRole('dialog', { name: 'Profil' });
};

describe('MobileBottomBar', () => {
  it("the profile dialog shows 'Sizin ID:' with the first 8 characters of the id", async () => {
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth() });
    const dialog = await openProfile();
    expect(within(dialog).getByText('leyla')).toBeInTheDocument();
    expect(within(dialog).getByTestId('short-user-id')).toHaveTextContent(/^Sizin ID: 0f8fad5b$/);
  });

  it("shows 'Sizin ID: N/A' without a user id", async () => {
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth({ userId: null }) });
    const dialog = await openProfile();
    expect(within(dialog).getByTestId('short-user-id')).toHaveTextContent(/^Sizin ID: N\/A$/);
  });

  it("a member's dialog has 'Profilim' and 'Çıxış' but no 'Admin Panel'", async () => {
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth() });
    const dialog = await openProfile();
    const entries = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter(Boolean);
    expect(entries).toEqual(['Profilim', 'Çıxış']);
  });

  it("an admin's dialog also has 'Admin Panel', leading to /admin", async () => {
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth({ isAdmin: true }) });
    const dialog = await openProfile();
    const entries = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter(Boolean);
    expect(entries).toEqual(['Profilim', 'Admin Panel', 'Çıxış']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Admin Panel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it("'Çıxış' in the dialog logs out", async () => {
    const auth = fakeAuth();
    renderWithApp(<MobileBottomBar />, { route: '/friends', auth });
    const dialog = await openProfile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Çıxış' }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it('the messages item opens /messages and carries the unread count', async () => {
    localStorage.setItem('token', 'member-token');
    const server = fakeFriendsServer();
    server.override('GET /api/messages/unread-count', () => json({ success: true, count: 4 }));
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth() });
    const item = await screen.findByRole('button', { name: 'Mesajlar: 4 oxunmamış' });
    expect(item).toBeEnabled();
    expect(item.querySelector('.MuiBadge-badge')).toHaveTextContent('4');
    await userEvent.click(item);
    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
  });

  it('dashboard and friends items navigate', async () => {
    renderWithApp(<MobileBottomBar />, { route: '/profile', auth: fakeAuth() });
    await userEvent.click(screen.getByRole('button', { name: 'Dostlar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/friends');
    await userEvent.click(screen.getByRole('button', { name: 'Panel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('the plus button goes to /dashboard and opens add-movie 300 ms later', async () => {
    vi.useFakeTimers();
    const flush = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    renderWithApp(<MobileBottomBar />, {
      route: '/profile',
      auth: fakeAuth(),
      routes: [{ path: '/dashboard', element: <DashboardPage /> }],
    });
    await act(async () => {
      screen.getByRole('button', { name: 'Film əlavə et' }).click();
    });
    await flush(0);
    expect(screen.getByRole('heading', { name: 'Xoş gəldiniz, leyla!' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Film əlavə et' })).not.toBeInTheDocument();
    await flush(299);
    expect(screen.queryByRole('dialog', { name: 'Film əlavə et' })).not.toBeInTheDocument();
    await flush(1);
    // The dialog's code loads on the page's first idle moment (or on first use): it shows once loaded.
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Film əlavə et' })).toBeInTheDocument();
  });
});

describe('MobileBottomBar: the friends badge', () => {
  it('shows the pending request count on the friends item', async () => {
    localStorage.setItem('token', 'member-token');
    fakeFriendsServer({ incoming: [incomingFrom(aysel, 1), incomingFrom(orxan, 2), incomingFrom(tural, 3)] });
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth() });
    const friends = await screen.findByRole('button', { name: 'Dostlar: 3 yeni istək' });
    expect(friends.querySelector('.MuiBadge-badge')).toHaveTextContent('3');
  });

  it('has no badge without pending requests, or when the count fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', 'member-token');
    const server = fakeFriendsServer();
    server.override('GET /api/friends/requests/count', () => json({ success: false, error: 'Xəta' }, 500));
    renderWithApp(<MobileBottomBar />, { route: '/dashboard', auth: fakeAuth() });
    await waitFor(() => expect(server.callsTo('GET /api/friends/requests/count')).toHaveLength(1));
    const friends = screen.getByRole('button', { name: 'Dostlar' });
    expect(friends.querySelector('.MuiBadge-badge')).toBeNull();
    expect(friends).toHaveTextContent(/^Dostlar$/);
  });
});

describe('shortUserId', () => {
  it('keeps the first 8 characters, N/A when missing', () => {
    expect(shortUserId('0f8fad5b-d9cb-469f')).toBe('0f8fad5b');
    expect(shortUserId(null)).toBe('N/A');
    expect(shortUserId('')).toBe('N/A');
  });
});
