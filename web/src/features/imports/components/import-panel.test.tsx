import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { importProgress } from '../import-progress';
import { DeleteAccount } from './delete-account';
import { ImportPanel } from './import-panel';

vi.mock('../api/imports', async (original) => ({
  ...(await original<typeof import('../api/imports')>()),
  startImport: vi.fn(async () => ({ success: true, data: { id: 'job-1', status: 'running' } })),
}));

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'token');
});

const job = (over: Record<string, unknown>) => ({
  success: true,
  data: {
    id: 'job-1',
    status: 'running',
    format: 'letterboxd',
    total: 7,
    done: 0,
    added: 0,
    updated: 0,
    skipped: 0,
    unmatched: [],
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    ...over,
  },
});

describe('ImportPanel', () => {
  it('explains both formats, moves the bar with import:progress, then shows the summary with unmatched titles', async () => {
    let answer = job({});
    fetchMock.mockImplementation(async () => jsonResponse(answer));
    renderWithApp(<ImportPanel />, { route: '/profile', auth: fakeAuth() });
    expect(screen.getByText(/Letterboxd: Settings → Data → Export your data/)).toBeInTheDocument();
    expect(screen.getByText(/IMDb: Your Ratings → Export/)).toBeInTheDocument();
    const file = new File(['Date,Name,Year,Letterboxd URI\n'], 'letterboxd.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    expect(await screen.findByText('İdxal gedir: 0 / 7 film')).toBeInTheDocument();
    act(() => importProgress.emit({ id: 'job-1', done: 3, total: 7 }));
    expect(screen.getByText('İdxal gedir: 3 / 7 film')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'İdxal gedir: 3 / 7 film' })).toHaveAttribute('aria-valuenow', '43');
    answer = job({
      status: 'done',
      done: 7,
      added: 6,
      updated: 1,
      unmatched: [{ title: 'Kataloqda olmayan film', year: 2020 }],
    });
    act(() => importProgress.emit({ id: 'job-1', done: 7, total: 7, status: 'done' }));
    expect(
      await screen.findByText('İdxal bitdi: 6 film əlavə edildi, 1 yeniləndi, 0 dəyişmədi və ya buraxıldı.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Kataloqda tapılmayan filmlər' });
    expect(list).toHaveTextContent('Kataloqda olmayan film (2020)');
    expect(fetchMock.mock.calls.every(([url]) => url === '/api/import/job-1')).toBe(true);
  });

  it('keeps the focus on "Fayl seç və idxal et" while the file imports and after', async () => {
    dropFocusOfDisabledControls();
    let answer = job({});
    fetchMock.mockImplementation(async () => jsonResponse(answer));
    renderWithApp(<ImportPanel />, { route: '/profile', auth: fakeAuth() });
    const button = screen.getByRole('button', { name: 'Fayl seç və idxal et' });
    button.focus();
    await userEvent.keyboard('{Enter}'); // opens the file chooser; the focus comes back to the button
    const file = new File(['Const,Title\n'], 'ratings.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    expect(await screen.findByText('İdxal gedir: 0 / 7 film')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-disabled', 'true');
    answer = job({ status: 'done', done: 7, added: 7 });
    act(() => importProgress.emit({ id: 'job-1', done: 7, total: 7, status: 'done' }));
    expect(await screen.findByText(/^İdxal bitdi/)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'false');
    expect(button).toHaveFocus();
  });

  it('shows the server text of a bad file', async () => {
    const { startImport } = await import('../api/imports');
    vi.mocked(startImport).mockRejectedValueOnce({
      success: false,
      error: 'Fayl tanınmadı',
      code: 'BAD_REQUEST',
    });
    renderWithApp(<ImportPanel />, { route: '/profile', auth: fakeAuth() });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'x.csv')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fayl tanınmadı');
  });
});

describe('DeleteAccount', () => {
  it('asks for the password, shows a wrong one under the field, and signs out once deleted', async () => {
    const auth = fakeAuth();
    renderWithApp(<DeleteAccount />, { route: '/profile', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Hesabı sil' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, error: 'Şifrə yanlışdır', code: 'VALIDATION_ERROR', fields: { password: 'Şifrə yanlışdır' } },
        400,
      ),
    );
    await userEvent.type(screen.getByLabelText(/^Şifrə/, { selector: 'input' }), 'səhv-şifrə');
    await userEvent.click(screen.getByRole('button', { name: 'Hesabı birdəfəlik sil' }));
    expect(await screen.findByText('Şifrə yanlışdır')).toBeInTheDocument();
    expect(auth.logout).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Hesabı birdəfəlik sil' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/user/profile');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'səhv-şifrə' });
  });
});
