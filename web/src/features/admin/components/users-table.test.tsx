import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../../../test/render';
import { stubViewportWidth } from '../../../test/viewport';
import { UsersTable } from './users-table';

const users = [
  { ...sampleProfile, isAdmin: true },
  { ...sampleProfile, id: '11111111-2222-3333-4444-555555555555', username: 'orxan', email: 'orxan@example.az' },
];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin');
});

const serve = (handlers: Record<string, (init: RequestInit) => Response | Promise<Response>>) =>
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    if (handler) return handler(init);
    return jsonResponse({ success: true, data: users, page: 1, limit: 20, total: 2, adminCount });
  });

/** How many admins the served list says there are. */
let adminCount = 2;
beforeEach(() => {
  adminCount = 2;
});

const admin = () => fakeAuth({ isAdmin: true, userId: sampleProfile.id });

describe('UsersTable', () => {
  it('lists users from the server with their admin switches', async () => {
    serve({});
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    expect(await screen.findByText('orxan@example.az')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'leyla üçün admin hüququ' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'orxan üçün admin hüququ' })).not.toBeChecked();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/all?page=1&limit=20&sort=-created_at');
  });

  it('grants the admin flag with a PUT and a toast', async () => {
    serve({ [`PUT /api/user/${users[1]?.id}/admin`]: () => jsonResponse({ ...users[1], isAdmin: true }) });
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await userEvent.click(await screen.findByRole('switch', { name: 'orxan üçün admin hüququ' }));
    expect(await screen.findByText('orxan artıq admindir')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit];
    expect(put[1].body).toBe('{"isAdmin":true}');
  });

  it("shows the server's refusal to remove the last admin", async () => {
    serve({
      [`PUT /api/user/${users[0]?.id}/admin`]: () =>
        jsonResponse({ success: false, error: 'Sonuncu admin silinə bilməz', code: 'CONFLICT' }, 409),
    });
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await userEvent.click(await screen.findByRole('switch', { name: 'leyla üçün admin hüququ' }));
    expect(await screen.findByText('Sonuncu admin silinə bilməz')).toBeInTheDocument();
  });

  it("disables the last admin's own switch and delete button, saying why", async () => {
    adminCount = 1;
    serve({});
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    const own = await screen.findByRole('switch', { name: 'leyla üçün admin hüququ' });
    const ownDelete = screen.getByRole('button', { name: 'leyla istifadəçisini sil' });
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(
      'Sonuncu admini adminlikdən çıxarmaq olmaz: əvvəlcə başqa istifadəçini admin edin',
    );
    expect(ownDelete).toBeDisabled();
    expect(ownDelete).toHaveAccessibleDescription('Sonuncu admini silmək olmaz: əvvəlcə başqa istifadəçini admin edin');
    // The wrapper takes the pointer the disabled button does not.
    await userEvent.hover(ownDelete.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Sonuncu admini silmək olmaz: əvvəlcə başqa istifadəçini admin edin',
    );
    // Another member's controls stay as they were.
    expect(screen.getByRole('switch', { name: 'orxan üçün admin hüququ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'orxan istifadəçisini sil' })).toBeEnabled();
  });

  it('with a second admin, both admins can be demoted and deleted', async () => {
    serve({});
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    expect(await screen.findByRole('switch', { name: 'leyla üçün admin hüququ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'leyla istifadəçisini sil' })).toBeEnabled();
  });

  it('deletes only after confirmation', async () => {
    serve({ [`DELETE /api/user/${users[1]?.id}`]: () => jsonResponse({ success: true, message: 'Silindi' }) });
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: 'orxan istifadəçisini sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'İstifadəçi silinsin?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('İstifadəçi silindi')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith(users[1]?.id ?? '')),
    ).toBe(true);
  });

  it('searches on q after typing stops', async () => {
    serve({});
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await screen.findByText('orxan@example.az');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Axtarış' }), 'orx');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/user/all?page=1&limit=20&q=orx&sort=-created_at',
      ),
    );
    // Debounced: no request per keystroke.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q=o&'))).toHaveLength(0);
  });
});

describe('UsersTable below 600 px', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each user as a card with its admin switch, edit and delete in view', async () => {
    serve({});
    stubViewportWidth(390);
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    const card = await screen.findByRole('article', { name: 'orxan' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'İstifadəçilər cədvəli' })).getAllByRole('article')).toHaveLength(2);
    expect(within(card).getByText('orxan@example.az')).toBeInTheDocument();
    expect(within(card).getByText('E-poçt')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'orxan üçün admin hüququ' })).not.toBeChecked();
    expect(within(card).getByRole('button', { name: 'orxan istifadəçisini sil' })).toBeEnabled();
    await userEvent.click(within(card).getByRole('button', { name: 'orxan istifadəçisini redaktə et' }));
    expect(await screen.findByRole('dialog', { name: 'İstifadəçini redaktə et' })).toBeInTheDocument();
  });
});

describe('UsersTable: the keyboard focus', () => {
  const kamran = {
    ...sampleProfile,
    id: '22222222-3333-4444-5555-666666666666',
    username: 'kamran',
    email: 'kamran@example.az',
  };

  it("keeps the focus on a member's admin switch while the change is under way, and ignores a second press", async () => {
    let answer: (response: Response) => void = () => {};
    serve({
      [`PUT /api/user/${users[1]?.id}/admin`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    const toggle = await screen.findByRole('switch', { name: 'orxan üçün admin hüququ' });
    toggle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    // Disabled under the focus, the switch dropped it to <body> (Chromium): it stays enabled.
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
    answer(jsonResponse({ ...users[1], isAdmin: true }));
    expect(await screen.findByText('orxan artıq admindir')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'orxan üçün admin hüququ' })).toHaveFocus();
  });

  /** Serves `start` and takes a deleted user out of what the next GET answers. */
  const serveDeletable = (start: (typeof users)[number][]) => {
    let shown = start;
    fetchMock.mockImplementation(async (input, init = {}) => {
      const url = String(input).split('?')[0] ?? '';
      if (init.method === 'DELETE') {
        shown = shown.filter((user) => !url.endsWith(user.id));
        return jsonResponse({ success: true, message: 'Silindi' });
      }
      return jsonResponse({ success: true, data: shown, page: 1, limit: 20, total: shown.length, adminCount: 1 });
    });
  };
  const deleteUser = async (name: string) => {
    await userEvent.click(await screen.findByRole('button', { name: `${name} istifadəçisini sil` }));
    const dialog = await screen.findByRole('dialog', { name: 'İstifadəçi silinsin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `${name} istifadəçisini sil` })).not.toBeInTheDocument(),
    );
  };

  it("moves to the next row's first control when a deleted user's row goes", async () => {
    serveDeletable([users[0] as (typeof users)[number], users[1] as (typeof users)[number], kamran]);
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await deleteUser('orxan');
    await waitFor(() => expect(screen.getByRole('link', { name: 'kamran' })).toHaveFocus());
  });

  it("moves to the previous row's first control when the last row goes, on a phone too", async () => {
    stubViewportWidth(390);
    serveDeletable([users[0] as (typeof users)[number], users[1] as (typeof users)[number], kamran]);
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await screen.findByRole('article', { name: 'kamran' });
    await deleteUser('kamran');
    await waitFor(() => expect(screen.getByRole('link', { name: 'orxan' })).toHaveFocus());
  });

  it('moves to the search field when no row is left', async () => {
    serveDeletable([users[1] as (typeof users)[number]]);
    renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await deleteUser('orxan');
    expect(await screen.findByText('Heç bir istifadəçi tapılmadı')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Axtarış' })).toHaveFocus());
  });
});

describe('UsersTable: colours', () => {
  it("draws a letter avatar in the member's colours (secondary), not the default grey", async () => {
    serve({});
    const { container } = renderWithApp(<UsersTable />, { route: '/admin/users', auth: admin() });
    await screen.findByText('orxan@example.az');
    const avatar = container.querySelector('.MuiAvatar-root') as HTMLElement;
    expect(avatar).toHaveTextContent('L');
    expect(getComputedStyle(avatar).backgroundColor).toBe('#9c27b0');
    expect(getComputedStyle(avatar).color).toBe('#fff');
  });
});
