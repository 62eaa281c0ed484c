import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { BlockButton } from './block-button';
import { BlockedList } from './blocked-list';

const nigar = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', username: 'nigar', avatar_url: null };

/** A tiny server: the blocks list, and POST/DELETE that change it. */
let blocked: Array<typeof nigar & { blocked_at: string }>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

beforeEach(() => {
  blocked = [];
  localStorage.setItem('token', 'member-token');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (String(url) === '/api/user/blocks') return jsonResponse({ success: true, data: blocked });
    if (String(url) === `/api/user/${nigar.id}/block` && method === 'POST') {
      blocked = [{ ...nigar, blocked_at: '2026-11-20T10:00:00.000Z' }];
      return new Response(null, { status: 204 });
    }
    if (String(url) === `/api/user/${nigar.id}/block` && method === 'DELETE') {
      blocked = [];
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ success: false, error: 'yox', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('BlockButton on a public profile', () => {
  it('asks first, says what a block does, then blocks and offers to unblock', async () => {
    renderWithApp(<BlockButton userId={nigar.id} username="nigar" />, { route: `/user/${nigar.id}`, auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Blokla' }));
    const dialog = screen.getByRole('dialog', { name: 'nigar bloklansın?' });
    expect(dialog).toHaveAccessibleDescription(
      'Bloklasanız, aranızdakı dostluq və dostluq istəkləri silinəcək, bir-birinizin kolleksiyasını və onlayn olduğunu görməyəcəksiniz, o sizə dostluq istəyi göndərə bilməyəcək.',
    );
    expect(calls()).not.toContain(`POST /api/user/${nigar.id}/block`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blokla' }));
    expect(await screen.findByText('Bu istifadəçini bloklamısınız.')).toBeInTheDocument();
    expect(calls()).toContain(`POST /api/user/${nigar.id}/block`);
    await userEvent.click(await screen.findByRole('button', { name: 'Blokdan çıxar' }));
    expect(await screen.findByRole('button', { name: 'Blokla' })).toBeInTheDocument();
    expect(calls()).toContain(`DELETE /api/user/${nigar.id}/block`);
  });

  it('keeps the keyboard on the button through a block and an unblock', async () => {
    renderWithApp(<BlockButton userId={nigar.id} username="nigar" />, { route: `/user/${nigar.id}`, auth: fakeAuth() });
    const button = await screen.findByRole('button', { name: 'Blokla' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'nigar bloklansın?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blokla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Blokdan çıxar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Blokla' })).toHaveFocus();
  });

  it('cancelling the confirmation blocks nobody', async () => {
    renderWithApp(<BlockButton userId={nigar.id} username="nigar" />, { route: `/user/${nigar.id}`, auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Blokla' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('is not offered to visitors nor on one’s own profile', async () => {
    const own = renderWithApp(<BlockButton userId="0f8fad5b-d9cb-469f-a165-70867728950e" username="leyla" />, {
      auth: fakeAuth(),
    });
    expect(screen.queryByRole('button', { name: 'Blokla' })).not.toBeInTheDocument();
    own.unmount();
    renderWithApp(<BlockButton userId={nigar.id} username="nigar" />, { auth: fakeAuth({ isLoggedIn: false }) });
    expect(screen.queryByRole('button', { name: 'Blokla' })).not.toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});

describe('BlockedList on the profile page', () => {
  it('lists the blocks and unblocks one', async () => {
    blocked = [{ ...nigar, blocked_at: '2026-11-20T10:00:00.000Z' }];
    renderWithApp(<BlockedList />, { route: '/profile', auth: fakeAuth() });
    const list = await screen.findByRole('list', { name: 'Bloklanmış istifadəçilər' });
    expect(within(list).getByRole('link', { name: 'nigar' })).toHaveAttribute('href', `/user/${nigar.id}`);
    await userEvent.click(within(list).getByRole('button', { name: 'Blokdan çıxar: nigar' }));
    expect(await screen.findByText('Heç kimi bloklamamısınız.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE /api/user/${nigar.id}/block`);
  });
});
