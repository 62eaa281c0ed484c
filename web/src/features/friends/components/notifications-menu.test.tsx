import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderWithApp } from '../../../test/render';
import { presenceStore } from '../../presence/presence-store';
import {
  aysel,
  type FakeFriendsServer,
  fakeFriendsServer,
  incomingFrom,
  json,
  orxan,
} from '../testing/fake-friends-server';
import { NotificationsMenu } from './notifications-menu';

let server: FakeFriendsServer;
const ayselRequest = incomingFrom(aysel, 1);
const orxanRequest = incomingFrom(orxan, 2);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  server = fakeFriendsServer({ people: [aysel, orxan], incoming: [ayselRequest, orxanRequest] });
});

const open = async () => {
  renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
  const icon = await screen.findByRole('button', { name: 'Bildirişlər: 2 yeni' });
  await userEvent.click(icon);
  return screen.findByRole('dialog', { name: 'Bildirişlər' });
};

describe('the notifications popup', () => {
  it("shows 'Heç bir yeni bildiriş yoxdur' without requests, and no badge", async () => {
    server.state.incoming = [];
    renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
    await waitFor(() => expect(server.callsTo('GET /api/friends/requests/count')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Bildirişlər' }));
    const popup = await screen.findByRole('dialog', { name: 'Bildirişlər' });
    expect(await within(popup).findByText('Heç bir yeni bildiriş yoxdur')).toBeInTheDocument();
    expect(within(popup).queryByText(/Dostluq İstəkləri/)).not.toBeInTheDocument();
  });

  it("the icon's badge shows the pending count", async () => {
    renderWithApp(<NotificationsMenu />, { route: '/dashboard', auth: fakeAuth() });
    const icon = await screen.findByRole('button', { name: 'Bildirişlər: 2 yeni' });
    expect(icon.querySelector('.MuiBadge-badge')).toHaveTextContent('2');
  });

  it("lists 'Dostluq İstəkləri (2)' with each sender: avatar or first letter, link, text", async () => {
    const popup = await open();
    expect(await within(popup).findByRole('heading', { name: 'Dostluq İstəkləri (2)' })).toBeInTheDocument();
    const items = within(within(popup).getByTestId('notifications-list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('img', { name: 'aysel istifadəçisinin avatarı' })).toHaveAttribute(
      'src',
      '/uploads/avatars/aysel.webp',
    );
    expect(within(first).getByRole('link', { name: 'aysel' })).toHaveAttribute('href', `/user/${aysel.id}`);
    expect(within(first).getByText('sizə dostluq istəyi göndərib')).toBeInTheDocument();

    // No picture: the first letter of the name instead.
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    expect(within(second).getByText('O')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'orxan' })).toHaveAttribute('href', `/user/${orxan.id}`);
    expect(within(second).getByText('sizə dostluq istəyi göndərib')).toBeInTheDocument();
  });

  it('the list is at most 320px high and scrolls', async () => {
    const popup = await open();
    const list = await within(popup).findByTestId('notifications-list');
    expect(list).toHaveStyle({ maxHeight: '320px', overflowY: 'auto' });
  });

  it("accept calls PUT /api/friends/accept/{id}, says 'Dostluq istəyi qəbul edildi' and the entry goes", async () => {
    const popup = await open();
    await userEvent.click(await within(popup).findByRole('button', { name: 'Qəbul et: aysel' }));
    expect(await screen.findByText('Dostluq istəyi qəbul edildi')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/friends/accept/')).toEqual([
      { method: 'PUT', url: `/api/friends/accept/${ayselRequest.id}`, auth: 'Bearer member-token', body: '{}' },
    ]);
    expect(await within(popup).findByRole('heading', { name: 'Dostluq İstəkləri (1)' })).toBeInTheDocument();
    expect(within(popup).queryByRole('link', { name: 'aysel' })).not.toBeInTheDocument();
    // The popover is modal: the icon behind it is hidden from the accessibility tree meanwhile.
    expect(screen.getByRole('button', { name: 'Bildirişlər: 1 yeni', hidden: true })).toBeInTheDocument();
  });

  it("reject calls PUT /api/friends/reject/{id} and says 'Dostluq istəyi rədd edildi'", async () => {
    const popup = await open();
    await userEvent.click(await within(popup).findByRole('button', { name: 'Rədd et: orxan' }));
    expect(await screen.findByText('Dostluq istəyi rədd edildi')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/friends/reject/').map((c) => c.url)).toEqual([
      `/api/friends/reject/${orxanRequest.id}`,
    ]);
    await waitFor(() => expect(within(popup).queryByRole('link', { name: 'orxan' })).not.toBeInTheDocument());
  });

  it('failures of accept and reject show their texts and keep the entry', async () => {
    server.override(`PUT /api/friends/accept/${ayselRequest.id}`, () => json({ success: false, error: 'x' }, 500));
    server.override(`PUT /api/friends/reject/${ayselRequest.id}`, () => json({ success: false, error: 'x' }, 500));
    const popup = await open();
    await userEvent.click(await within(popup).findByRole('button', { name: 'Qəbul et: aysel' }));
    expect(await screen.findByText('Dostluq istəyi qəbul edilə bilmədi')).toBeInTheDocument();
    await userEvent.click(await within(popup).findByRole('button', { name: 'Rədd et: aysel' }));
    expect(await screen.findByText('Dostluq istəyi rədd edilə bilmədi')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'aysel' })).toBeInTheDocument();
  });

  it("'Bütün İstəkləri Göstər' leads to /friends", async () => {
    const popup = await open();
    const link = within(popup).getByRole('link', { name: 'Bütün İstəkləri Göstər' });
    expect(link).toHaveAttribute('href', '/friends');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/friends');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bildirişlər' })).not.toBeInTheDocument());
  });

  it("a sender's link leads to their profile", async () => {
    const popup = await open();
    await userEvent.click(await within(popup).findByRole('link', { name: 'orxan' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/user/${orxan.id}`);
  });

  it('each sender’s dot is neutral until their presence is known, and the popup asks for it', async () => {
    const requested: string[] = [];
    act(() => {
      presenceStore.setRequester((id) => requested.push(id));
      presenceStore.setConnected(true);
    });
    try {
      const popup = await open();
      const items = await within(popup).findAllByRole('listitem');
      const dots = () => items.map((item) => item.querySelector('[data-online]')?.getAttribute('data-online'));
      expect(dots()).toEqual(['unknown', 'unknown']);
      await waitFor(() => expect(requested.sort()).toEqual([aysel.id, orxan.id].sort()));
      act(() => {
        presenceStore.markOnline(aysel.id);
        presenceStore.recordLastSeen(orxan.id, '2026-11-20T10:00:00.000Z');
      });
      expect(dots()).toEqual(['true', 'false']);
    } finally {
      act(() => presenceStore.reset());
    }
  });
});
