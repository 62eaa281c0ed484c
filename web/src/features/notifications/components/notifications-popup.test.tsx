import type { Notification } from '@kinodost/contracts/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderWithApp } from '../../../test/render';
import { NotificationsMenu } from '../../friends/components/notifications-menu';
import { aysel, fakeFriendsServer, incomingFrom, json, orxan } from '../../friends/testing/fake-friends-server';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const accepted: Notification = {
  id: '33333333-0000-4000-8000-000000000001',
  type: 'friend_accepted',
  actor: orxan,
  read: false,
  created_at: minutesAgo(5),
};
const approved: Notification = {
  id: '33333333-0000-4000-8000-000000000002',
  type: 'comment_approved',
  film: { id: '22222222-0000-4000-8000-000000000001', title: 'Nargin', year: 2020, poster_url: null },
  text: 'Gözəl film',
  read: true,
  created_at: minutesAgo(120),
};

let notifications: Notification[];
const setUp = () => {
  const server = fakeFriendsServer({ people: [aysel, orxan], incoming: [incomingFrom(aysel, 1)] });
  server.override('GET /api/notifications', () => json({ success: true, data: notifications, next_cursor: null }));
  server.override('GET /api/notifications/unread-count', () =>
    json({ success: true, count: notifications.filter((n) => !n.read).length }),
  );
  server.override('POST /api/notifications/read', () => {
    const count = notifications.filter((n) => !n.read).length;
    notifications = notifications.map((n) => ({ ...n, read: true }));
    return json({ success: true, count });
  });
  return server;
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  notifications = [accepted, approved];
});

describe('the notifications popup beyond friend requests', () => {
  it('the badge counts pending requests and unread other notifications; the others are listed below the request section', async () => {
    const server = setUp();
    renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
    const icon = await screen.findByRole('button', { name: 'Bildirişlər: 2 yeni' });
    expect(icon.querySelector('.MuiBadge-badge')).toHaveTextContent('2');
    expect(server.callsTo('GET /api/notifications/unread-count?exclude_type=friend_request')).not.toHaveLength(0);
    await userEvent.click(icon);
    const popup = await screen.findByRole('dialog', { name: 'Bildirişlər' });
    // The friend-request section first, exactly as the product has it.
    expect(within(popup).getByText('Dostluq İstəkləri (1)')).toBeInTheDocument();
    const others = await within(popup).findByRole('region', { name: 'Digər bildirişlər' });
    const rows = within(others).getAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('orxan dostluq istəyinizi qəbul etdi');
    expect(rows[0]).toHaveTextContent('5 dəqiqə əvvəl');
    expect(rows[0]).toHaveAttribute('data-read', 'false');
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: '"Nargin" filminə yazdığınız şərh təsdiqləndi' }),
    ).toHaveAttribute('href', '/film/22222222-0000-4000-8000-000000000001');
    expect(rows[1]).toHaveTextContent('2 saat əvvəl');
  });

  it('"Hamısını oxunmuş et" marks every notification read and the badge drops to the requests', async () => {
    const server = setUp();
    renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Bildirişlər: 2 yeni' }));
    const popup = await screen.findByRole('dialog', { name: 'Bildirişlər' });
    await userEvent.click(await within(popup).findByRole('button', { name: 'Hamısını oxunmuş et' }));
    await waitFor(() => expect(server.callsTo('POST /api/notifications/read')).toHaveLength(1));
    expect(server.callsTo('POST /api/notifications/read')[0]?.body).toBe('{}');
    // The popup is modal: the icon behind it is hidden from the accessibility tree meanwhile.
    expect(await screen.findByRole('button', { name: 'Bildirişlər: 1 yeni', hidden: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(popup)
          .getAllByTestId('notification-item')
          .map((r) => r.getAttribute('data-read')),
      ).toEqual(['true', 'true']),
    );
    expect(within(popup).queryByRole('button', { name: 'Hamısını oxunmuş et' })).not.toBeInTheDocument();
    // Focus stayed in the popup (the button that had it is gone), so Escape still closes it.
    expect(popup).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bildirişlər' })).not.toBeInTheDocument());
  });

  it('without requests, the others alone show, not the empty text', async () => {
    const server = setUp();
    server.state.incoming = [];
    renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Bildirişlər: 1 yeni' }));
    const popup = await screen.findByRole('dialog', { name: 'Bildirişlər' });
    expect(await within(popup).findByRole('region', { name: 'Digər bildirişlər' })).toBeInTheDocument();
    expect(within(popup).queryByText('Heç bir yeni bildiriş yoxdur')).not.toBeInTheDocument();
    expect(within(popup).queryByText(/Dostluq İstəkləri/)).not.toBeInTheDocument();
  });
});
